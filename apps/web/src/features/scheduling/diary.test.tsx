import { DIARY_EVENTS } from '@halcyon/api/testing';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderDiaryEvent, toCalendarEvents } from './diary';

describe('renderDiaryEvent', () => {
  it('given a timed event, then its end time is a part of its own, which a narrow event leaves out (never "08:00–08:" cut off)', () => {
    const [event] = toCalendarEvents([DIARY_EVENTS[0]!], 'Europe/London');
    const { container } = render(<>{renderDiaryEvent(event!, event!.source)}</>);
    const end = container.querySelector('[data-part="end"]');
    expect(end?.textContent).toMatch(/^–\d\d:\d\d$/);
    expect(container.textContent).toMatch(/^\d\d:\d\d–\d\d:\d\d/);
  });
});
