import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  CPD_TYPE_LABELS,
  SUPERVISION_FORMAT_LABELS,
  humanDate,
  type CpdActivity,
  type SupervisionSession,
} from '@halcyon/api/contract';
import { toCsv, type CsvCell } from '../../../platform/csv';
import { encodable, wrap } from '../../../platform/pdf/text';

/** Everything a CPD log for one member and one year shows; the CSV and the PDF both render this. */
export interface CpdLog {
  memberName: string;
  professionalBody: string | null;
  registrationNumber: string | null;
  practiceName: string;
  year: number;
  targetHours: number;
  activities: CpdActivity[];
  supervision: SupervisionSession[];
  /** When it was made (the PDF's footer says so). */
  madeAt: Date;
}

const sum = (items: readonly { hours: number }[]) => items.reduce((total, item) => total + item.hours, 0);
/** "1.5", "12", "0.25": hours as a spreadsheet and a reader both read them. */
const hoursText = (hours: number) => String(Math.round(hours * 100) / 100);

/** The log's file name: "cpd-log-2026.csv". */
export const cpdLogFileName = (year: number, extension: 'csv' | 'pdf') => `cpd-log-${year}.${extension}`;

/** Oldest first, as an auditor reads a year. */
const chronological = <T extends { date: string; id: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);

/**
 * The log as CSV: one row per CPD activity (date, title, type, provider, hours, reflection, evidence file), then one per
 * supervision session, so a spreadsheet can sum either by the Record column.
 */
export function cpdLogCsv(log: CpdLog): string {
  const rows: CsvCell[][] = [
    ['Record', 'Date', 'Title or supervisor', 'Type', 'Provider', 'Hours', 'Reflection or notes', 'Evidence'],
  ];
  for (const a of chronological(log.activities)) {
    rows.push([
      'CPD activity',
      a.date,
      a.title,
      CPD_TYPE_LABELS[a.type],
      a.provider,
      hoursText(a.hours),
      a.reflection,
      a.evidence?.name ?? '',
    ]);
  }
  for (const s of chronological(log.supervision)) {
    rows.push([
      'Supervision',
      s.date,
      s.supervisor,
      SUPERVISION_FORMAT_LABELS[s.format],
      '',
      hoursText(s.hours),
      s.notes,
      '',
    ]);
  }
  return toCsv(rows);
}

// ---- the PDF ----------------------------------------------------------------------------------------------------------

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.32, 0.38, 0.43);
const RULE = rgb(0.8, 0.83, 0.86);

interface Column {
  label: string;
  /** Share of the line's width. */
  share: number;
}

/** Lays the log out top-down on A4 pages, adding a page (with the table's header again) when one is full. */
class LogWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly width = A4[0] - MARGIN * 2;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private ensure(height: number): boolean {
    if (this.y - height >= MARGIN + 16) return false;
    this.newPage();
    return true;
  }

  text(value: string, options: { size?: number; bold?: boolean; muted?: boolean; gap?: number } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    for (const line of wrap(font, value, size, this.width)) {
      this.ensure(size * 1.4);
      const color = options.muted ? MUTED : INK;
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font, color });
      this.y -= size * 1.4;
    }
    this.y -= options.gap ?? 4;
  }

  rule() {
    this.ensure(10);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y - 3 },
      end: { x: A4[0] - MARGIN, y: this.y - 3 },
      thickness: 0.75,
      color: RULE,
    });
    this.y -= 10;
  }

  private row(columns: readonly Column[], cells: readonly string[], font: PDFFont, size: number) {
    const widths = columns.map((c) => c.share * this.width);
    const wrapped = cells.map((cell, i) => wrap(font, cell, size, widths[i]! - 6));
    const height = Math.max(...wrapped.map((lines) => lines.length)) * size * 1.3 + 4;
    return { widths, wrapped, height };
  }

  private drawRow(columns: readonly Column[], cells: readonly string[], header: boolean) {
    const size = header ? 8 : 9;
    const font = header ? this.bold : this.regular;
    const { widths, wrapped, height } = this.row(columns, cells, font, size);
    let x = MARGIN;
    wrapped.forEach((lines, i) => {
      lines.forEach((line, n) =>
        this.page.drawText(line, {
          x,
          y: this.y - size - n * size * 1.3,
          size,
          font,
          color: header ? MUTED : INK,
        }),
      );
      x += widths[i]!;
    });
    this.y -= height;
  }

  /** A table: its header, then each row (a row never splits across pages; the header repeats on a new page). */
  table(columns: readonly Column[], rows: readonly (readonly string[])[]) {
    const header = columns.map((c) => c.label);
    this.ensure(24);
    this.drawRow(columns, header, true);
    this.rule();
    for (const cells of rows) {
      const { height } = this.row(columns, cells, this.regular, 9);
      if (this.ensure(height + 4)) {
        this.drawRow(columns, header, true);
        this.rule();
      }
      this.drawRow(columns, cells, false);
      this.y -= 3;
    }
  }

  /** "Page 1 of 3" and when it was made, on every page. */
  footer(text: string) {
    const pages = this.doc.getPages();
    pages.forEach((page, i) =>
      page.drawText(encodable(this.regular, `${text} - page ${i + 1} of ${pages.length}`), {
        x: MARGIN,
        y: MARGIN - 20,
        size: 8,
        font: this.regular,
        color: MUTED,
      }),
    );
  }
}

const ACTIVITY_COLUMNS: readonly Column[] = [
  { label: 'Date', share: 0.13 },
  { label: 'Activity', share: 0.27 },
  { label: 'Type', share: 0.12 },
  { label: 'Provider', share: 0.18 },
  { label: 'Hours', share: 0.08 },
  { label: 'Evidence', share: 0.22 },
];
const SUPERVISION_COLUMNS: readonly Column[] = [
  { label: 'Date', share: 0.13 },
  { label: 'Supervisor', share: 0.35 },
  { label: 'Format', share: 0.14 },
  { label: 'Hours', share: 0.1 },
  { label: 'Notes', share: 0.28 },
];

/**
 * The log as a PDF for a membership-body audit: who (name, body, registration number), the year, hours against the
 * target, the activities (a table, then each reflection in full), the supervision sessions, a declaration line, and on
 * every page when it was made and the page count.
 */
export async function cpdLogPdf(log: CpdLog): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`CPD log ${log.year}: ${log.memberName}`);
  doc.setAuthor(log.memberName);
  doc.setCreator('Halcyon');
  const writer = new LogWriter(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  const activities = chronological(log.activities);
  const supervision = chronological(log.supervision);
  const cpdHours = sum(activities);

  writer.text(`CPD log ${log.year}`, { size: 18, bold: true, gap: 6 });
  writer.text(log.memberName, { size: 12, bold: true, gap: 2 });
  const registration = [log.professionalBody, log.registrationNumber].filter(Boolean).join(' ');
  if (registration) writer.text(`Registration: ${registration}`, { gap: 2 });
  writer.text(log.practiceName, { muted: true, gap: 10 });
  writer.rule();
  writer.text(
    `CPD hours: ${hoursText(cpdHours)} of a target of ${log.targetHours} (${activities.length} ${
      activities.length === 1 ? 'activity' : 'activities'
    }).`,
    { bold: true, gap: 2 },
  );
  writer.text(
    `Supervision: ${hoursText(sum(supervision))} hours in ${supervision.length} ${
      supervision.length === 1 ? 'session' : 'sessions'
    }.`,
    { bold: true, gap: 12 },
  );

  writer.text('CPD activities', { size: 13, bold: true, gap: 6 });
  if (activities.length === 0) writer.text(`No CPD activities recorded in ${log.year}.`, { muted: true, gap: 10 });
  else {
    writer.table(
      ACTIVITY_COLUMNS,
      activities.map((a) => [
        humanDate(a.date),
        a.title,
        CPD_TYPE_LABELS[a.type],
        a.provider,
        hoursText(a.hours),
        a.evidence?.name ?? 'None',
      ]),
    );
    writer.text('', { gap: 6 });
    writer.text('Reflections', { size: 13, bold: true, gap: 6 });
    for (const a of activities) {
      writer.text(`${humanDate(a.date)}: ${a.title}`, { bold: true, gap: 2 });
      writer.text(a.reflection || 'No reflection recorded.', { muted: !a.reflection, gap: 8 });
    }
  }

  writer.text('Supervision', { size: 13, bold: true, gap: 6 });
  if (supervision.length === 0) writer.text(`No supervision recorded in ${log.year}.`, { muted: true, gap: 10 });
  else {
    writer.table(
      SUPERVISION_COLUMNS,
      supervision.map((s) => [
        humanDate(s.date),
        s.supervisor,
        SUPERVISION_FORMAT_LABELS[s.format],
        hoursText(s.hours),
        s.notes,
      ]),
    );
  }

  writer.text('', { gap: 10 });
  writer.text('I confirm this is an accurate record of my continuing professional development.', { gap: 16 });
  writer.text('Signed: ______________________________     Date: ________________', { gap: 4 });
  writer.footer(`${log.memberName}, CPD log ${log.year}, made ${log.madeAt.toISOString().slice(0, 10)}`);
  return doc.save();
}
