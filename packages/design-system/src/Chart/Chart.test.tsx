import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BarChart, LineChart } from './Chart';
import { toCsv } from './csv';
import { attendance, months, phq9 } from './examples';
import { labelEvery, niceScale, placeLabel, textWidth } from './scale';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('toCsv', () => {
  it('given labels and series, then writes a header row and one row per label, quoting where needed', () => {
    const csv = toCsv(
      { labels: ['Jan', 'Feb, early'], series: [{ label: 'Income "net"', values: [10, null] }] },
      'Month',
    );
    expect(csv).toBe('Month,"Income ""net"""\r\nJan,10\r\n"Feb, early",');
  });

  it('given a label that looks like a formula, then neutralises it for spreadsheets', () => {
    expect(toCsv({ labels: ['=SUM(A1)'], series: [{ label: 'x', values: [-3] }] })).toBe("Label,x\r\n'=SUM(A1),-3");
  });
});

describe('niceScale', () => {
  it('given 0..23, then ends on a round number above the maximum and starts at zero', () => {
    const { min, max, ticks } = niceScale(0, 23);
    expect(min).toBe(0);
    expect(max).toBeGreaterThanOrEqual(23);
    expect(ticks[0]).toBe(0);
    expect(ticks.at(-1)).toBe(max);
  });
});

/** Twelve assessment dates as the Assessments tab shows them. */
const dates = Array.from({ length: 12 }, (_, i) => `${i + 1} Nov 2025`);
const scores = { labels: dates, series: [{ label: 'PHQ-9', values: dates.map((_, i) => 20 - i) }] };

describe('labelEvery', () => {
  it('given twelve dates, then a wide plot shows every one and a phone-wide one every third or fewer, so none overlap', () => {
    expect(labelEvery(dates, 1200)).toBe(1);
    expect(labelEvery(dates, 300)).toBeGreaterThanOrEqual(3);
    expect(labelEvery(months, 300)).toBeLessThan(labelEvery(dates, 300));
  });
});

describe('placeLabel', () => {
  const plot = { x0: 40, x1: 600 };
  it('given nothing near the right end, then writes the name there, above its line', () => {
    expect(placeLabel('Clinical cut-off (10)', 100, plot, [])).toEqual({ x: 600, y: 95, anchor: 'end' });
  });

  it('given the latest score on the line at the right end, then moves the name where it hides no data', () => {
    const latest = { x0: 596, x1: 604, y0: 92, y1: 100 };
    const below = { x0: 560, x1: 568, y0: 104, y1: 112 };
    expect(placeLabel('Clinical cut-off (10)', 100, plot, [latest, below])).toMatchObject({ x: 44, anchor: 'start' });
  });
});

describe('LineChart', () => {
  it('given dates on the x axis and a narrow drawing, then only as many dates are drawn as fit side by side', () => {
    const { container, unmount } = render(<LineChart data={scores} title="PHQ-9 scores" width={360} />);
    const drawn = () =>
      Array.from(container.querySelectorAll('text')).filter((text) => dates.includes(text.textContent ?? ''));
    const narrow = drawn().length;
    expect(narrow).toBeGreaterThan(1);
    expect(narrow).toBeLessThanOrEqual(4);
    unmount();
    const wide = render(<LineChart data={scores} title="PHQ-9 scores" width={1400} />);
    expect(
      Array.from(wide.container.querySelectorAll('text')).filter((text) => dates.includes(text.textContent ?? '')),
    ).toHaveLength(12);
  });

  it('given data, then renders a captioned figure with the chart named by its caption', () => {
    render(<LineChart data={phq9} title="PHQ-9 over time" />);
    const figure = screen.getByRole('figure', { name: 'PHQ-9 over time' });
    expect(within(figure).getByRole('img', { name: 'PHQ-9 over time' })).toBeInTheDocument();
    expect(within(figure).getByRole('list', { name: 'Legend' })).toHaveTextContent('PHQ-9');
  });

  it('given reference lines, then draws and labels them', () => {
    render(
      <LineChart data={phq9} title="PHQ-9" referenceLines={[{ value: 20, label: 'Severe (20)', variant: 'danger' }]} />,
    );
    expect(screen.getByText('Severe (20)')).toBeInTheDocument();
  });

  it('given the chart view, when "Show as table" is pressed, then shows the same data as a table and back', async () => {
    const onViewChange = vi.fn();
    render(<LineChart data={phq9} title="PHQ-9" xLabel="Session" onViewChange={onViewChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(onViewChange).toHaveBeenCalledWith('table');
    const table = screen.getByRole('table', { name: 'PHQ-9' });
    expect(within(table).getByRole('columnheader', { name: 'Session' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'S1 21' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'S5 –' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show as chart' }));
    expect(screen.getByRole('img', { name: 'PHQ-9' })).toBeInTheDocument();
  });

  it('given a controlled view, then shows what the parent says', () => {
    render(<LineChart data={phq9} title="PHQ-9" view="table" />);
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('given a download, when pressed, then saves the CSV through an object URL', async () => {
    const createObjectURL = vi.fn(() => 'blob:chart');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<LineChart data={phq9} title="PHQ-9" filename="phq9" />);
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('phq9.csv');
    expect(link.href).toBe('blob:chart');
  });

  it('given a ref and className, then forwards both to the figure', () => {
    const ref = createRef<HTMLElement>();
    render(<LineChart ref={ref} className="extra" data={phq9} title="PHQ-9" />);
    expect(ref.current?.tagName).toBe('FIGURE');
    expect(ref.current?.className).toContain('extra');
  });

  it('has no axe violations', async () => {
    const { container } = render(<LineChart data={phq9} title="PHQ-9" />);
    await expect(container).toHaveNoAxeViolations();
  });
});

describe('BarChart', () => {
  const statuses = {
    labels: ['Enquiry', 'Waitlist', 'Active', 'On hold', 'Discharged', 'Archived'],
    series: [{ label: 'Clients', values: [2, 4, 23, 3, 6, 2] }],
  };

  it('given six categories in a narrow drawing, then every bar is named, its label slanted, not every other one dropped', () => {
    const { container } = render(<BarChart data={statuses} title="Clients by status" yLabel="Clients" width={300} />);
    const names = Array.from(container.querySelectorAll('text')).filter((t) =>
      statuses.labels.includes(t.textContent ?? ''),
    );
    expect(names.map((t) => t.textContent)).toEqual(statuses.labels);
    for (const name of names) expect(name.getAttribute('transform')).toMatch(/^rotate\(-45 /);
  });

  it('given room for the categories side by side, then they are drawn level', () => {
    const { container } = render(<BarChart data={statuses} title="Clients by status" width={1200} />);
    const names = Array.from(container.querySelectorAll('text')).filter((t) =>
      statuses.labels.includes(t.textContent ?? ''),
    );
    expect(names).toHaveLength(6);
    for (const name of names) expect(name).not.toHaveAttribute('transform');
  });

  it('given wide tick labels and an axis name, then the plot starts right of both, and ticks may be formatted apart from the table', async () => {
    const money = {
      labels: ['Jan', 'Feb'],
      series: [{ label: 'Income', values: [3150.5, 4020] }],
    };
    const { container } = render(
      <BarChart
        data={money}
        title="Income"
        yLabel="GBP"
        formatValue={(v) => `£${v.toFixed(2)}`}
        formatTick={(v) => `£${v / 1000}k`}
        width={400}
      />,
    );
    const ticks = Array.from(container.querySelectorAll('text')).filter((t) =>
      /^£\d+(\.\d+)?k$/.test(t.textContent ?? ''),
    );
    expect(ticks.map((t) => t.textContent)).toContain('£5k');
    // The ticks end 8 px left of the plot; each one, at its estimated width, clears the axis name's 24 px.
    const tickX = Number(ticks[0]?.getAttribute('x'));
    for (const tick of ticks) expect(tickX - textWidth(tick.textContent ?? '')).toBeGreaterThanOrEqual(24);
    const firstBar = container.querySelector('svg[role="img"] rect');
    expect(Number(firstBar?.getAttribute('x'))).toBeGreaterThan(tickX);
    expect(within(firstBar as unknown as HTMLElement).getByText('Income, Jan: £3150.50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.getByRole('cell', { name: '£4020.00' })).toBeInTheDocument();
  });

  it('given three series, then draws one bar per value, grouped or stacked', () => {
    const { container, rerender } = render(<BarChart data={attendance} title="Attendance" />);
    expect(container.querySelectorAll('svg[role="img"] rect')).toHaveLength(24);
    rerender(<BarChart data={attendance} title="Attendance" stacked />);
    expect(container.querySelectorAll('svg[role="img"] rect')).toHaveLength(24);
    expect(container.querySelector('figure')).toHaveAttribute('data-variant', 'bar');
  });

  it('given stacked bars, then each series starts where the previous one ended', () => {
    const { container } = render(
      <BarChart
        data={{
          labels: ['W1'],
          series: [
            { label: 'A', values: [10] },
            { label: 'B', values: [5] },
          ],
        }}
        title="x"
        stacked
      />,
    );
    const [a, b] = Array.from(container.querySelectorAll('svg[role="img"] rect'));
    const top = (r: Element | undefined) => Number(r?.getAttribute('y'));
    const height = (r: Element | undefined) => Number(r?.getAttribute('height'));
    expect(top(b) + height(b)).toBeCloseTo(top(a));
  });

  it('has no axe violations in the table view', async () => {
    const { container } = render(<BarChart data={attendance} title="Attendance" defaultView="table" />);
    await expect(container).toHaveNoAxeViolations();
  });
});
