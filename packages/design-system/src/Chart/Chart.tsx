import { Download, Table2, ChartLine } from 'lucide-react';
import { useControllableState } from '@radix-ui/react-use-controllable-state';
import { forwardRef, useId, useLayoutEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { downloadCsv, toCsv } from './csv';
import { niceScale, placeLabel, textWidth, xLabelLayout, type Box, type XLabelLayout } from './scale';
import type { ChartData, ReferenceLine } from './types';
import { cx } from '../Field/cx';
import { useFocusableScroll } from '../internal/useFocusableScroll';
import styles from './Chart.module.css';

export type ChartView = 'chart' | 'table';

export interface ChartProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  data: ChartData;
  /** The figure caption; also names the chart image and the table. */
  title: ReactNode;
  description?: ReactNode;
  /** Heads the label column of the table and the CSV (e.g. "Month"). */
  xLabel?: string;
  /** Names the y axis (e.g. "Sessions"). */
  yLabel?: string;
  formatValue?: (value: number) => string;
  /** Formats the y axis's ticks (default `formatValue`), e.g. whole pounds where the table shows pence. */
  formatTick?: (value: number) => string;
  /** Horizontal lines such as clinical cut-offs. */
  referenceLines?: ReferenceLine[];
  view?: ChartView;
  defaultView?: ChartView;
  onViewChange?: (view: ChartView) => void;
  /** The CSV file name (".csv" is added). */
  filename?: string;
  /**
   * The drawing's width in px until the chart has measured its container (server rendering, tests); then it is drawn at
   * the container's width, so its text keeps its real size and the x labels are thinned until none overlap.
   */
  width?: number;
  /** The drawing's height in px. */
  height?: number;
  showTableLabel?: string;
  showChartLabel?: string;
  downloadLabel?: string;
}

export interface BarChartProps extends ChartProps {
  /** Stacks the series in one bar per label instead of side by side. */
  stacked?: boolean;
}

const MARGIN = { top: 16, right: 24 };
/** The space between the y ticks and the plot, and the room the y axis's name takes left of the ticks, in px. */
const TICK_GAP = 8;
const Y_LABEL_ROOM = 24;
const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const defaultFormat = (value: number) => numberFormat.format(value);

interface Geometry {
  width: number;
  height: number;
  /** The plot's left edge: room for the widest y tick (and the axis name), so no tick runs under the name. */
  left: number;
  plotWidth: number;
  plotHeight: number;
  y: (value: number) => number;
  ticks: number[];
  xLabels: XLabelLayout;
}

interface Scale {
  min: number;
  max: number;
  labels: string[];
  formatTick: (value: number) => string;
  yLabel?: string;
  /** Slant x labels that do not fit rather than thin them (bars: each is a named item). */
  slant: boolean;
}

function geometry(width: number, height: number, { min, max, labels, formatTick, yLabel, slant }: Scale): Geometry {
  const { min: lo, max: hi, ticks } = niceScale(min, max);
  const widestTick = Math.max(...ticks.map((tick) => textWidth(formatTick(tick))));
  const left = Math.ceil(widestTick) + TICK_GAP + (yLabel ? Y_LABEL_ROOM : 4);
  const plotWidth = width - left - MARGIN.right;
  const xLabels = xLabelLayout(labels, plotWidth, slant);
  const plotHeight = height - MARGIN.top - xLabels.height - 8;
  return {
    width,
    height,
    left,
    plotWidth,
    plotHeight,
    ticks,
    xLabels,
    y: (value) => MARGIN.top + plotHeight - ((value - lo) / (hi - lo)) * plotHeight,
  };
}

function extent(values: number[]): [number, number] {
  return values.length ? [Math.min(...values), Math.max(...values)] : [0, 1];
}

/** Grid lines, y ticks, x labels and reference lines shared by both charts. */
function Axes({
  geo,
  labels,
  xAt,
  yLabel,
  format,
  referenceLines,
}: {
  geo: Geometry;
  labels: string[];
  xAt: (index: number) => number;
  yLabel?: string;
  format: (value: number) => string;
  referenceLines: ReferenceLine[];
}) {
  const { every, slanted } = geo.xLabels;
  const right = geo.width - MARGIN.right;
  const plotBottom = MARGIN.top + geo.plotHeight;
  return (
    <g className={styles.axes}>
      {geo.ticks.map((tick) => (
        <g key={tick}>
          <line
            className={tick === 0 ? styles.zero : styles.grid}
            x1={geo.left}
            x2={right}
            y1={geo.y(tick)}
            y2={geo.y(tick)}
          />
          <text
            className={styles.tick}
            x={geo.left - TICK_GAP}
            y={geo.y(tick)}
            textAnchor="end"
            dominantBaseline="middle"
          >
            {format(tick)}
          </text>
        </g>
      ))}
      {labels.map((label, i) =>
        i % every === 0 ? (
          <text
            key={`${label}-${i}`}
            className={styles.tick}
            x={xAt(i)}
            y={plotBottom + (slanted ? 14 : 20)}
            textAnchor={slanted ? 'end' : 'middle'}
            transform={slanted ? `rotate(-45 ${xAt(i)} ${plotBottom + 14})` : undefined}
          >
            {label}
          </text>
        ) : null,
      )}
      {yLabel && (
        <text
          className={styles.axisLabel}
          transform={`translate(14 ${MARGIN.top + geo.plotHeight / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          {yLabel}
        </text>
      )}
      {referenceLines.map((line) => (
        <g key={`${line.label}-${line.value}`} className={styles.reference} data-variant={line.variant ?? 'danger'}>
          <line x1={geo.left} x2={right} y1={geo.y(line.value)} y2={geo.y(line.value)} />
        </g>
      ))}
    </g>
  );
}

/** The boxes a line's points and segments cover (a point every 4 px along each segment), for `placeLabel`. */
function lineObstacles(
  series: (number | null)[][],
  xAt: (index: number) => number,
  y: (value: number) => number,
): Box[] {
  const boxes: Box[] = [];
  const around = (cx: number, cy: number) => boxes.push({ x0: cx - 4, x1: cx + 4, y0: cy - 4, y1: cy + 4 });
  for (const values of series) {
    values.forEach((value, i) => {
      if (value === null) return;
      around(xAt(i), y(value));
      const next = values[i + 1];
      if (next === null || next === undefined) return;
      const [x0, y0, x1, y1] = [xAt(i), y(value), xAt(i + 1), y(next)];
      const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0) / 4);
      for (let k = 1; k < steps; k += 1) around(x0 + ((x1 - x0) * k) / steps, y0 + ((y1 - y0) * k) / steps);
    });
  }
  return boxes;
}

/**
 * The reference lines' names, each put where it hides the least of the data (right or left end, above or below its
 * line; `placeLabel`), drawn over the series with a halo so the dashed line and the grid do not cross the text.
 */
function ReferenceLabels({
  geo,
  referenceLines,
  obstacles,
}: {
  geo: Geometry;
  referenceLines: ReferenceLine[];
  obstacles: Box[];
}) {
  return (
    <g>
      {referenceLines.map((line) => {
        const at = placeLabel(line.label, geo.y(line.value), { x0: geo.left, x1: geo.width - MARGIN.right }, obstacles);
        return (
          <g key={`${line.label}-${line.value}`} className={styles.reference} data-variant={line.variant ?? 'danger'}>
            <text className={styles.referenceLabel} x={at.x} y={at.y} textAnchor={at.anchor}>
              {line.label}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** The width the drawing is shown at, in px, kept up to date as its container resizes; `fallback` until measured. */
function useMeasuredWidth(active: boolean, fallback: number) {
  const ref = useRef<SVGSVGElement>(null);
  const [measured, setMeasured] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const update = () => {
      const next = Math.round(element.getBoundingClientRect().width);
      if (next > 0) setMeasured(next);
    };
    update();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  // Too narrow a drawing has no room for its plot: below the margins' width it scales down instead.
  return [ref, Math.max(measured ?? fallback, MIN_WIDTH)] as const;
}

const MIN_WIDTH = 200;

interface FrameProps extends ChartProps {
  kind: 'line' | 'bar';
  /** Draws the plot at `width` px (the container's measured width). */
  renderPlot: (format: (value: number) => string, width: number) => ReactNode;
}

/** The figure around a chart: caption, "Show as table" toggle, CSV download, the drawing or the table, and a legend. */
const ChartFrame = forwardRef<HTMLElement, FrameProps>(function ChartFrame(
  {
    kind,
    renderPlot,
    data,
    title,
    description,
    xLabel = 'Label',
    yLabel: _yLabel,
    formatValue = defaultFormat,
    formatTick: _formatTick,
    referenceLines = [],
    view: viewProp,
    defaultView = 'chart',
    onViewChange,
    filename = 'chart',
    width = 640,
    height = 280,
    showTableLabel = 'Show as table',
    showChartLabel = 'Show as chart',
    downloadLabel = 'Download CSV',
    className,
    ...rest
  },
  ref,
) {
  // A table wider than a phone scrolls sideways; it then takes focus so the keyboard can scroll it.
  const [tableWrapRef, tableWrapTabIndex] = useFocusableScroll();
  const [view, setView] = useControllableState<ChartView>({
    prop: viewProp,
    defaultProp: defaultView,
    onChange: onViewChange,
    caller: 'Chart',
  });
  const captionId = useId();
  const descriptionId = useId();
  const [drawingRef, drawingWidth] = useMeasuredWidth(view === 'chart', width);
  return (
    <figure
      ref={ref}
      className={cx(styles.root, className)}
      data-state={view}
      data-variant={kind}
      aria-labelledby={captionId}
      {...rest}
    >
      <div className={styles.header}>
        <figcaption id={captionId} className={styles.caption}>
          {title}
          {description && (
            <span id={descriptionId} className={styles.description}>
              {description}
            </span>
          )}
        </figcaption>
        <div className={styles.actions}>
          <button type="button" className={styles.action} onClick={() => setView(view === 'chart' ? 'table' : 'chart')}>
            {view === 'chart' ? (
              <Table2 aria-hidden className={styles.actionIcon} />
            ) : (
              <ChartLine aria-hidden className={styles.actionIcon} />
            )}
            {view === 'chart' ? showTableLabel : showChartLabel}
          </button>
          <button type="button" className={styles.action} onClick={() => downloadCsv(toCsv(data, xLabel), filename)}>
            <Download aria-hidden className={styles.actionIcon} />
            {downloadLabel}
          </button>
        </div>
      </div>
      {view === 'chart' ? (
        <>
          <svg
            ref={drawingRef}
            className={styles.svg}
            viewBox={`0 0 ${drawingWidth} ${height}`}
            role="img"
            aria-labelledby={captionId}
            aria-describedby={description ? descriptionId : undefined}
          >
            {renderPlot(formatValue, drawingWidth)}
          </svg>
          <ul className={styles.legend} aria-label="Legend">
            {data.series.map((series, i) => (
              <li key={series.label} className={styles.legendItem}>
                <span className={styles.swatch} data-series={i % 6} aria-hidden />
                {series.label}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div ref={tableWrapRef} className={styles.tableWrap} tabIndex={tableWrapTabIndex}>
          <table className={styles.table} aria-labelledby={captionId}>
            <thead>
              <tr>
                <th scope="col">{xLabel}</th>
                {data.series.map((series) => (
                  <th key={series.label} scope="col">
                    {series.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.labels.map((label, i) => (
                <tr key={`${label}-${i}`}>
                  <th scope="row">{label}</th>
                  {data.series.map((series) => {
                    const value = series.values[i];
                    return (
                      <td key={series.label}>{value === null || value === undefined ? '–' : formatValue(value)}</td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          {referenceLines.length > 0 && (
            <p className={styles.note}>
              {referenceLines.map((line) => `${line.label}: ${formatValue(line.value)}`).join('; ')}
            </p>
          )}
        </div>
      )}
    </figure>
  );
});

/** What both charts draw from their props, with the frame's defaults (the ticks formatted as the values unless told). */
function plotOptions({
  data,
  height = 280,
  referenceLines = [],
  yLabel,
  formatValue = defaultFormat,
  formatTick = formatValue,
}: ChartProps) {
  return { data, height, referenceLines, yLabel, formatTick };
}

/** A line chart (one line per series, gaps for missing values) with a table view and CSV download. */
export const LineChart = forwardRef<HTMLElement, ChartProps>(function LineChart(props, ref) {
  const { data, height, referenceLines, yLabel, formatTick } = plotOptions(props);
  const values = data.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const [min, max] = extent([...values, ...referenceLines.map((l) => l.value)]);
  const n = data.labels.length;
  return (
    <ChartFrame
      ref={ref}
      {...props}
      kind="line"
      renderPlot={(format, width) => {
        const geo = geometry(width, height, { min, max, labels: data.labels, formatTick, yLabel, slant: false });
        const xAt = (i: number) => (n <= 1 ? geo.left + geo.plotWidth / 2 : geo.left + (i * geo.plotWidth) / (n - 1));
        return (
          <>
            <Axes
              geo={geo}
              labels={data.labels}
              xAt={xAt}
              yLabel={yLabel}
              format={formatTick}
              referenceLines={referenceLines}
            />
            {data.series.map((series, s) => {
              let d = '';
              let pen = false;
              series.values.forEach((value, i) => {
                if (value === null) {
                  pen = false;
                  return;
                }
                d += `${pen ? 'L' : 'M'}${xAt(i).toFixed(1)} ${geo.y(value).toFixed(1)}`;
                pen = true;
              });
              return (
                <g key={series.label} className={styles.series} data-series={s % 6}>
                  <path className={styles.line} d={d} />
                  {series.values.map((value, i) =>
                    value === null ? null : (
                      <circle key={i} className={styles.point} cx={xAt(i)} cy={geo.y(value)} r={3}>
                        <title>{`${series.label}, ${data.labels[i]}: ${format(value)}`}</title>
                      </circle>
                    ),
                  )}
                </g>
              );
            })}
            <ReferenceLabels
              geo={geo}
              referenceLines={referenceLines}
              obstacles={lineObstacles(
                data.series.map((series) => series.values),
                xAt,
                geo.y,
              )}
            />
          </>
        );
      }}
    />
  );
});

/** A bar chart, grouped or stacked, with a table view and CSV download. */
export const BarChart = forwardRef<HTMLElement, BarChartProps>(function BarChart({ stacked = false, ...props }, ref) {
  // Drawn from the same props as the frame; the frame owns the caption, view and download.
  const { data, height, referenceLines, yLabel, formatTick } = plotOptions(props);
  const n = data.labels.length;
  const value = (s: number, i: number): number => data.series[s]?.values[i] ?? 0;
  const totals = data.labels.map((_, i) => {
    let up = 0;
    let down = 0;
    data.series.forEach((_s, s) => {
      const v = value(s, i);
      if (v >= 0) up += v;
      else down += v;
    });
    return [down, up];
  });
  const flat = stacked ? totals.flat() : data.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const [min, max] = extent([...flat, ...referenceLines.map((l) => l.value)]);
  return (
    <ChartFrame
      ref={ref}
      {...props}
      kind="bar"
      renderPlot={(format, width) => {
        const geo = geometry(width, height, { min, max, labels: data.labels, formatTick, yLabel, slant: true });
        const band = geo.plotWidth / Math.max(n, 1);
        const xAt = (i: number) => geo.left + band * i + band / 2;
        const groupWidth = band * 0.7;
        const barWidth = stacked ? groupWidth : groupWidth / Math.max(data.series.length, 1);
        const offsets = data.labels.map(() => ({ up: 0, down: 0 }));
        const bars = data.series.map((series, s) =>
          series.values.map((v, i) => {
            if (v === null) return null;
            const offset = offsets[i] ?? { up: 0, down: 0 };
            let from = 0;
            if (stacked) {
              from = v >= 0 ? offset.up : offset.down;
              if (v >= 0) offset.up += v;
              else offset.down += v;
            }
            const y1 = geo.y(from);
            const y2 = geo.y(from + v);
            const x = stacked ? xAt(i) - groupWidth / 2 : xAt(i) - groupWidth / 2 + s * barWidth;
            return { v, x0: x, x1: x + Math.max(barWidth - 1, 1), y0: Math.min(y1, y2), y1: Math.max(y1, y2) };
          }),
        );
        return (
          <>
            <Axes
              geo={geo}
              labels={data.labels}
              xAt={xAt}
              yLabel={yLabel}
              format={formatTick}
              referenceLines={referenceLines}
            />
            {data.series.map((series, s) => (
              <g key={series.label} className={styles.series} data-series={s % 6}>
                {(bars[s] ?? []).map((bar, i) =>
                  bar === null ? null : (
                    <rect
                      key={i}
                      className={styles.bar}
                      x={bar.x0}
                      y={bar.y0}
                      width={bar.x1 - bar.x0}
                      height={bar.y1 - bar.y0}
                    >
                      <title>{`${series.label}, ${data.labels[i]}: ${format(bar.v)}`}</title>
                    </rect>
                  ),
                )}
              </g>
            ))}
            <ReferenceLabels
              geo={geo}
              referenceLines={referenceLines}
              obstacles={bars.flat().filter((bar): bar is Box & { v: number } => bar !== null)}
            />
          </>
        );
      }}
    />
  );
});
