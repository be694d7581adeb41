import {
  invoiceLayout,
  type InvoiceDocument,
  type InvoiceLayoutLine,
  type InvoiceLayoutRow,
} from '@halcyon/api/contract';
import { degrees, PageSizes, PDFDocument, PDFString, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { encodable, wrap } from '../../../platform/pdf/text';

/**
 * The one PDF of an invoice or credit note. It draws `invoiceLayout(document)`, the same words and figures the
 * /Billing/{id} preview renders, on A4 or US Letter as the practice's country uses (the document's `paperSize`): the
 * practice (logo, name, details), the title and facts, who it is addressed to, the lines, the totals with tax per rate,
 * what was paid and what is owed, how to pay (bank details, the pay-online link), notes, and the footer on every page.
 */

/** The practice's logo, when it has one in a format PDF embeds (PNG or JPEG; a WebP logo is left out). */
export interface InvoicePdfLogo {
  bytes: Uint8Array;
  type: string;
}

const PAPER: Record<InvoiceDocument['paperSize'], [number, number]> = { A4: PageSizes.A4, Letter: PageSizes.Letter };
const MARGIN = 48;
const FOOTER_HEIGHT = 40;
const INK = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.36, 0.41, 0.46);
const RULE = rgb(0.82, 0.85, 0.87);
const ACCENT = rgb(0.11, 0.36, 0.42);
const STAMP = { Paid: rgb(0.1, 0.45, 0.25), Void: rgb(0.62, 0.15, 0.15), Draft: MUTED } as const;
const LOGO_BOX = { width: 150, height: 56 };
/** The word across every page of a draft's PDF, so a printed preview is never taken for the invoice. */
export const DRAFT_WATERMARK = 'DRAFT';
const WATERMARK_SIZE = 120;

/** Widths of the line columns but the description, which takes the rest (points). */
const COLUMN_WIDTHS: Omit<Record<keyof InvoiceLayoutLine, number>, 'description'> = {
  date: 82,
  quantity: 30,
  unitPrice: 72,
  taxRate: 40,
  amount: 78,
};
const NUMERIC: ReadonlySet<keyof InvoiceLayoutLine> = new Set(['quantity', 'unitPrice', 'taxRate', 'amount']);
const COLUMN_GAP = 8;

interface TextOptions {
  size?: number;
  bold?: boolean;
  color?: ReturnType<typeof rgb>;
}

/** Draws top-down on pages of one size, adding a page (with the footer and the lines' heading) when one is full. */
class InvoiceWriter {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  /** Drawn at the top of each page after the first while the lines are being drawn. */
  continuation: (() => void) | null = null;

  constructor(
    private readonly doc: PDFDocument,
    private readonly size: [number, number],
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.addPage();
  }

  get left() {
    return MARGIN;
  }
  get right() {
    return this.size[0] - MARGIN;
  }
  get width() {
    return this.right - this.left;
  }

  addPage() {
    this.page = this.doc.addPage(this.size);
    this.pages.push(this.page);
    this.y = this.size[1] - MARGIN;
  }

  /** Starts a new page unless `height` still fits above the footer. */
  ensure(height: number) {
    if (this.y - height >= MARGIN + FOOTER_HEIGHT) return;
    this.addPage();
    this.continuation?.();
  }

  font(options: TextOptions) {
    return options.bold ? this.bold : this.regular;
  }

  widthOf(text: string, options: TextOptions = {}) {
    const font = this.font(options);
    return font.widthOfTextAtSize(encodable(font, text), options.size ?? 10);
  }

  /** One line of text at `x` on the baseline `y` (no wrapping); `align: 'right'` ends it at `x`. */
  put(text: string, x: number, y: number, options: TextOptions & { align?: 'left' | 'right' } = {}) {
    if (!text) return;
    const size = options.size ?? 10;
    const font = this.font(options);
    const safe = encodable(font, text);
    const at = options.align === 'right' ? x - font.widthOfTextAtSize(safe, size) : x;
    this.page.drawText(safe, { x: at, y, size, font, color: options.color ?? INK });
  }

  /** Wrapped lines of text from `x`, `width` wide, downwards from the current position. */
  paragraph(text: string, options: TextOptions & { x?: number; width?: number; gap?: number } = {}) {
    const size = options.size ?? 10;
    const x = options.x ?? this.left;
    for (const line of wrap(this.font(options), text, size, options.width ?? this.right - x)) {
      this.ensure(size * 1.4);
      this.put(line, x, this.y - size, options);
      this.y -= size * 1.4;
    }
    this.y -= options.gap ?? 0;
  }

  rule(y = this.y, from = this.left, to = this.right) {
    this.page.drawLine({ start: { x: from, y }, end: { x: to, y }, thickness: 0.75, color: RULE });
  }
}

/** The x of each column's start and its width, left to right. */
function columnsOf(writer: InvoiceWriter): Record<keyof InvoiceLayoutLine, { x: number; width: number }> {
  const fixed = Object.values(COLUMN_WIDTHS).reduce((sum, width) => sum + width + COLUMN_GAP, 0);
  const description = writer.width - fixed;
  const order: (keyof InvoiceLayoutLine)[] = ['date', 'description', 'quantity', 'unitPrice', 'taxRate', 'amount'];
  let x = writer.left;
  const columns = {} as Record<keyof InvoiceLayoutLine, { x: number; width: number }>;
  for (const key of order) {
    const width = key === 'description' ? description : COLUMN_WIDTHS[key];
    columns[key] = { x, width };
    x += width + COLUMN_GAP;
  }
  return columns;
}

/** One row of the lines: every cell wrapped to its column; numbers end at their column's right edge. */
function drawLineRow(writer: InvoiceWriter, row: InvoiceLayoutLine, options: TextOptions) {
  const size = options.size ?? 9;
  const columns = columnsOf(writer);
  const cells = (Object.keys(columns) as (keyof InvoiceLayoutLine)[]).map((key) => ({
    key,
    lines: wrap(writer.font(options), row[key], size, columns[key].width),
  }));
  const height = Math.max(...cells.map((cell) => cell.lines.length)) * size * 1.35 + 6;
  writer.ensure(height);
  for (const { key, lines } of cells) {
    const column = columns[key];
    lines.forEach((line, index) => {
      const y = writer.y - size - index * size * 1.35;
      if (NUMERIC.has(key)) writer.put(line, column.x + column.width, y, { ...options, size, align: 'right' });
      else writer.put(line, column.x, y, { ...options, size });
    });
  }
  writer.y -= height;
  writer.rule(writer.y + 2);
}

/** Label at the left of a block, value at its right edge. */
function drawRows(writer: InvoiceWriter, rows: InvoiceLayoutRow[], x: number, width: number) {
  for (const row of rows) {
    const strong = row.emphasis !== undefined;
    const size = strong ? 11 : 10;
    writer.ensure(size * 1.6 + (row.emphasis === 'total' ? 4 : 0));
    if (row.emphasis === 'total') {
      writer.rule(writer.y - 1, x, x + width);
      writer.y -= 4;
    }
    writer.put(row.label, x, writer.y - size, { size, bold: strong, color: strong ? INK : MUTED });
    writer.put(row.value, x + width, writer.y - size, { size, bold: strong, align: 'right' });
    writer.y -= size * 1.6;
  }
}

function drawBlock(writer: InvoiceWriter, heading: string, lines: readonly string[], gap = 14) {
  writer.ensure(30);
  writer.paragraph(heading, { size: 9, bold: true, color: MUTED, gap: 2 });
  for (const line of lines) writer.paragraph(line, { size: 10 });
  writer.y -= gap;
}

/** A link annotation over a drawn URL, so the PDF's pay-online link can be clicked. */
function addLink(
  doc: PDFDocument,
  page: PDFPage,
  url: string,
  box: { x: number; y: number; width: number; height: number },
) {
  const annotation = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [box.x, box.y, box.x + box.width, box.y + box.height],
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
    }),
  );
  page.node.addAnnot(annotation);
}

async function embedLogo(doc: PDFDocument, logo: InvoicePdfLogo | null | undefined) {
  if (!logo) return null;
  try {
    if (logo.type === 'image/png') return await doc.embedPng(logo.bytes);
    if (logo.type === 'image/jpeg') return await doc.embedJpg(logo.bytes);
  } catch {
    // A logo pdf-lib cannot read leaves the practice's name alone at the top.
  }
  return null;
}

/** The PDF file name of a document: "INV-0042.pdf", "Draft invoice 17.pdf". */
export function invoicePdfName(document: Pick<InvoiceDocument, 'number' | 'title' | 'invoiceId'>): string {
  const name = document.number ?? `${document.title} ${document.invoiceId}`;
  return `${name.replace(/[^\w .-]+/g, '_')}.pdf`;
}

/** Draws the document; `now` stamps the file's dates (tests pass a fixed one). */
export async function renderInvoicePdf(
  document: InvoiceDocument,
  options: { logo?: InvoicePdfLogo | null; now?: Date } = {},
): Promise<Uint8Array> {
  const layout = invoiceLayout(document);
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const writer = new InvoiceWriter(doc, PAPER[layout.paperSize], regular, bold);
  const logo = await embedLogo(doc, options.logo);

  // ---- the practice (left) and the title with its facts (right) ----
  const top = writer.y;
  const factsWidth = 220;
  const factsX = writer.right - factsWidth;
  const practiceWidth = factsX - writer.left - 24;
  if (logo) {
    const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height, 1);
    const height = logo.height * scale;
    writer.page.drawImage(logo, { x: writer.left, y: writer.y - height, width: logo.width * scale, height });
    writer.y -= height + 10;
  }
  writer.paragraph(layout.practice.name, { size: 14, bold: true, width: practiceWidth, gap: 2 });
  for (const line of layout.practice.lines) writer.paragraph(line, { size: 9, color: MUTED, width: practiceWidth });
  const practiceBottom = writer.y;

  writer.y = top;
  writer.put(layout.title, writer.right, writer.y - 20, { size: 20, bold: true, align: 'right' });
  writer.y -= 28;
  if (layout.stamp) {
    writer.put(layout.stamp, writer.right, writer.y - 12, {
      size: 12,
      bold: true,
      align: 'right',
      color: STAMP[layout.stamp as keyof typeof STAMP] ?? MUTED,
    });
    writer.y -= 20;
  }
  for (const fact of layout.facts) {
    writer.put(fact.label, factsX, writer.y - 9, { size: 9, color: MUTED });
    writer.put(fact.value, writer.right, writer.y - 9, { size: 9, bold: true, align: 'right' });
    writer.y -= 14;
  }
  writer.y = Math.min(writer.y, practiceBottom) - 20;

  // ---- who it is addressed to ----
  drawBlock(writer, layout.billTo.heading, layout.billTo.lines, 18);

  // ---- the lines ----
  const heading = () => {
    drawLineRow(writer, layout.columns, { size: 8, bold: true, color: MUTED });
  };
  heading();
  writer.continuation = heading;
  for (const line of layout.lines) drawLineRow(writer, line, { size: 9 });
  writer.continuation = null;
  writer.y -= 10;

  // ---- totals, at the right ----
  const totalsWidth = 260;
  drawRows(writer, layout.totals, writer.right - totalsWidth, totalsWidth);
  writer.y -= 14;

  // ---- payments, how to pay, notes ----
  if (layout.payments) drawBlock(writer, layout.payments.heading, layout.payments.lines);
  if (layout.paymentInstructions) {
    drawBlock(writer, layout.paymentInstructions.heading, layout.paymentInstructions.lines);
  }
  if (layout.payOnline) {
    writer.ensure(34);
    writer.paragraph(layout.payOnline.label, { size: 9, bold: true, color: MUTED, gap: 2 });
    const lines = wrap(regular, layout.payOnline.url, 10, writer.width);
    const first = writer.y;
    for (const line of lines) writer.paragraph(line, { size: 10, color: ACCENT });
    addLink(doc, writer.page, layout.payOnline.url, {
      x: writer.left,
      y: writer.y,
      width: Math.max(...lines.map((line) => writer.widthOf(line))),
      height: first - writer.y,
    });
    writer.y -= 14;
  }
  for (const remark of layout.remarks) drawBlock(writer, remark.heading, remark.lines);

  // ---- the footer and page numbers on every page ----
  const count = writer.pages.length;
  writer.pages.forEach((page, index) => {
    writer.page = page;
    writer.rule(MARGIN + FOOTER_HEIGHT - 8);
    const footerLines = layout.footer ? wrap(regular, layout.footer, 8, writer.width - 80) : [];
    footerLines.slice(0, 3).forEach((line, row) => {
      writer.put(line, writer.left, MARGIN + FOOTER_HEIGHT - 20 - row * 10, { size: 8, color: MUTED });
    });
    writer.put(`Page ${index + 1} of ${count}`, writer.right, MARGIN + FOOTER_HEIGHT - 20, {
      size: 8,
      color: MUTED,
      align: 'right',
    });
    if (document.status === 'draft') {
      // Diagonally across the middle of the page, faint enough to read the figures through.
      const { width, height } = page.getSize();
      const across = bold.widthOfTextAtSize(DRAFT_WATERMARK, WATERMARK_SIZE);
      const angle = Math.PI / 5;
      page.drawText(DRAFT_WATERMARK, {
        x: width / 2 - (across / 2) * Math.cos(angle) + (WATERMARK_SIZE / 3) * Math.sin(angle),
        y: height / 2 - (across / 2) * Math.sin(angle) - (WATERMARK_SIZE / 3) * Math.cos(angle),
        size: WATERMARK_SIZE,
        font: bold,
        color: MUTED,
        opacity: 0.12,
        rotate: degrees((angle * 180) / Math.PI),
      });
    }
  });

  const title = [layout.title, document.number].filter(Boolean).join(' ');
  doc.setTitle(encodable(regular, `${title} - ${layout.practice.name}`));
  doc.setAuthor(encodable(regular, layout.practice.name));
  doc.setProducer('Halcyon');
  doc.setCreator('Halcyon');
  const now = options.now ?? new Date();
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  return doc.save();
}
