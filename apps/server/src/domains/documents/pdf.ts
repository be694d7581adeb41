import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import {
  DEFAULT_SCALE,
  type FormAnswer,
  type FormAnswers,
  type FormDefinition,
  type FormField,
} from '@halcyon/api/contract';
import { encodable, wrap } from '../../platform/pdf/text';
import { LONG_DATE_TIME } from '../../platform/dates';

/** What the signature page records about one signing. */
export interface SignatureDetails {
  documentName: string;
  practiceName: string;
  signerName: string;
  signerEmail: string;
  typedName: string;
  /** The drawn signature (PNG bytes), or null when the signer typed their name only. */
  drawnPng: Uint8Array | null;
  signedAt: Date;
  /** The practice's IANA time zone (Europe/London). */
  timeZone: string;
  ip: string;
  userAgent: string;
  original: { name: string; type: string; size: number; sha256: string };
  /** What happened to the request, oldest first. */
  auditTrail: { at: Date; event: string }[];
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.32, 0.38, 0.43);
const RULE = rgb(0.8, 0.83, 0.86);

/** "2026-01-15 14:03:07 UTC" */
export function formatUtc(date: Date): string {
  return `${date.toISOString().replace('T', ' ').slice(0, 19)} UTC`;
}

/** "Thursday 15 January 2026, 14:03:07 GMT (Europe/London)" */
export function formatInZone(date: Date, timeZone: string): string {
  try {
    const text = new Intl.DateTimeFormat('en-GB', {
      ...LONG_DATE_TIME,
      timeZone,
      second: '2-digit',
      timeZoneName: 'short',
    }).format(date);
    return `${text} (${timeZone})`;
  } catch {
    return formatUtc(date);
  }
}

/** Writes top-down on a page, adding pages when the current one is full. */
class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  get width() {
    return A4[0] - MARGIN * 2;
  }

  ensure(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage(A4);
      this.y = A4[1] - MARGIN;
    }
  }

  text(value: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; gap?: number } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    for (const line of wrap(font, value, size, this.width)) {
      this.ensure(size * 1.4);
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font, color: options.color ?? INK });
      this.y -= size * 1.4;
    }
    this.y -= options.gap ?? 4;
  }

  field(label: string, value: string) {
    this.text(label, { size: 8, bold: true, color: MUTED, gap: 0 });
    this.text(value, { size: 10, gap: 8 });
  }

  rule() {
    this.ensure(12);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y - 4 },
      end: { x: A4[0] - MARGIN, y: this.y - 4 },
      thickness: 0.75,
      color: RULE,
    });
    this.y -= 14;
  }

  image(image: PDFImage, maxWidth: number, maxHeight: number) {
    const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    this.ensure(height + 8);
    this.page.drawImage(image, { x: MARGIN, y: this.y - height, width, height });
    this.y -= height + 8;
  }
}

/** Loads a PDF to sign on top of; null when it cannot be read or is encrypted (the cover page is used instead). */
async function loadPdf(bytes: Uint8Array): Promise<PDFDocument | null> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    return doc.getPageCount() > 0 ? doc : null;
  } catch {
    return null;
  }
}

/**
 * The signed copy: the original PDF's pages unchanged (or, for any other file, a cover page naming the file, with the
 * picture itself for PNG and JPEG), then one signature page with the typed name, the drawn signature, the time in UTC and
 * in the practice's time zone, the IP address and a short audit trail.
 */
export async function buildSignedPdf(originalBytes: Uint8Array, details: SignatureDetails): Promise<Uint8Array> {
  const loaded = details.original.type === 'application/pdf' ? await loadPdf(originalBytes) : null;
  const doc = loaded ?? (await PDFDocument.create());
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  if (!loaded) {
    const cover = new Writer(doc, regular, bold);
    cover.text(details.documentName, { size: 18, bold: true, gap: 6 });
    cover.text(details.practiceName, { size: 11, color: MUTED, gap: 14 });
    cover.rule();
    cover.field('Original file', details.original.name);
    cover.field('Type and size', `${details.original.type}, ${details.original.size.toLocaleString('en-GB')} bytes`);
    cover.field('SHA-256 of the original file', details.original.sha256);
    cover.text(
      details.original.type === 'application/pdf'
        ? 'The original PDF could not be opened to add its pages here (it may be protected). It is kept unchanged beside this record; the fingerprint above identifies it.'
        : 'This file is not a PDF, so its content is not reproduced page by page. It is kept unchanged beside this record; the fingerprint above identifies it.',
      { size: 9, color: MUTED, gap: 12 },
    );
    const picture =
      details.original.type === 'image/png'
        ? await doc.embedPng(originalBytes).catch(() => null)
        : details.original.type === 'image/jpeg'
          ? await doc.embedJpg(originalBytes).catch(() => null)
          : null;
    if (picture) cover.image(picture, cover.width, cover.y - MARGIN);
  }

  const page = new Writer(doc, regular, bold);
  page.text('Electronic signature', { size: 18, bold: true, gap: 6 });
  page.text(`${details.documentName} - ${details.practiceName}`, { size: 11, color: MUTED, gap: 14 });
  page.rule();
  page.field('Signed by (typed full name)', details.typedName);
  page.field('Signature requested from', `${details.signerName} <${details.signerEmail}>`);
  page.text('Drawn signature', { size: 8, bold: true, color: MUTED, gap: 2 });
  const drawn = details.drawnPng ? await doc.embedPng(details.drawnPng).catch(() => null) : null;
  if (drawn) {
    page.image(drawn, 260, 110);
  } else {
    page.text('None drawn: the typed full name above is the signature.', { size: 10, gap: 8 });
  }
  page.field('Signed at (UTC)', formatUtc(details.signedAt));
  page.field('Signed at (practice time)', formatInZone(details.signedAt, details.timeZone));
  page.field('IP address', details.ip || 'unknown');
  page.field('Browser', details.userAgent ? details.userAgent.slice(0, 300) : 'unknown');
  page.field('Agreement', 'The signer ticked "I agree" to sign this document electronically.');
  page.field('SHA-256 of the original file', details.original.sha256);
  page.rule();
  page.text('Audit trail', { size: 11, bold: true, gap: 4 });
  for (const entry of details.auditTrail) page.text(`${formatUtc(entry.at)}  ${entry.event}`, { size: 9, gap: 2 });

  doc.setTitle(`${encodable(regular, details.documentName)} (signed)`);
  doc.setProducer('Halcyon');
  doc.setModificationDate(details.signedAt);
  return doc.save();
}

/** What the PDF of a completed form records. */
export interface CompletedFormDetails {
  formName: string;
  practiceName: string;
  clientName: string;
  definition: FormDefinition;
  answers: FormAnswers;
  completedAt: Date;
  /** The practice's IANA time zone (Europe/London). */
  timeZone: string;
}

/** An answer as the PDF writes it: a choice's words, several choices on one line, a scale value out of its range. */
function answerText(field: FormField, answer: FormAnswer | undefined): string {
  if (answer === null || answer === undefined || answer === '') return 'Not answered';
  if (Array.isArray(answer)) return answer.length > 0 ? answer.join('; ') : 'Not answered';
  if (field.type === 'scale' && typeof answer === 'number') {
    const { min, max } = field.scale ?? DEFAULT_SCALE;
    return `${answer} (on a scale from ${min} to ${max})`;
  }
  if (field.type === 'signature') return `${String(answer)} (typed as a signature)`;
  return String(answer);
}

/**
 * The completed form as the client's documents keep it: the form's name, the practice, who filled it in and when, then
 * each section with each question and its answer, in the form's order.
 */
export async function buildFormPdf(details: CompletedFormDetails): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = new Writer(doc, regular, bold);
  page.text(details.formName, { size: 18, bold: true, gap: 6 });
  page.text(details.practiceName, { size: 11, color: MUTED, gap: 14 });
  page.field('Filled in by', details.clientName);
  page.field('Completed', formatInZone(details.completedAt, details.timeZone));
  page.rule();
  for (const section of details.definition.sections) {
    page.text(section.title, { size: 13, bold: true, gap: 4 });
    if (section.description) page.text(section.description, { size: 9, color: MUTED, gap: 8 });
    for (const field of section.fields) page.field(field.label, answerText(field, details.answers[field.key]));
    page.rule();
  }
  doc.setTitle(encodable(regular, details.formName));
  doc.setProducer('Halcyon');
  doc.setCreationDate(details.completedAt);
  doc.setModificationDate(details.completedAt);
  return doc.save();
}
