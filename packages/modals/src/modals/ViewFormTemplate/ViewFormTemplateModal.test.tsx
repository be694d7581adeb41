import { createMockClient, templateHandlers } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';
import type { ModalProps } from '../../types';
import { PREVIEW_CHECKED_MESSAGE } from './ViewFormTemplateModal';

vi.setConfig({ testTimeout: 20_000 });

async function open(props: ModalProps<'view-form-template'>) {
  const client = createMockClient({ handlers: templateHandlers() });
  renderWithModals(<Opener type="view-form-template" label="Open" props={props} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { client };
}

describe('view-form-template', () => {
  it('given the intake form, when checked empty, then each required question says what to fix', async () => {
    await open({ formTemplateId: 601 });
    const dialog = await screen.findByRole('dialog', { name: 'Adult intake' });
    await expect(dialog).toHaveNoAxeViolations();
    const inside = within(dialog);
    expect(inside.getByRole('heading', { name: 'About you' })).toBeInTheDocument();
    await userEvent.click(inside.getByRole('button', { name: 'Check my answers' }));
    expect((await inside.findAllByText('Answer this question.')).length).toBeGreaterThan(0);
    expect(inside.getByText('Type your full name to sign.')).toBeInTheDocument();
    expect(inside.queryByText(PREVIEW_CHECKED_MESSAGE)).not.toBeInTheDocument();
  });

  it('given a built-in form filled in, when checked, then the preview says every answer fits', async () => {
    await open({ builtIn: 'after-session' });
    const dialog = await screen.findByRole('dialog', { name: 'Session feedback (built-in)' });
    const inside = within(dialog);
    await userEvent.click(inside.getByRole('radio', { name: '8' }));
    await userEvent.click(inside.getByRole('button', { name: 'Check my answers' }));
    expect(await inside.findByText(PREVIEW_CHECKED_MESSAGE)).toBeInTheDocument();
  });
});
