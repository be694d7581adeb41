import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a PDF holds as text, page by page, read back with Mozilla's PDF.js: what a reader or a screen reader gets. */
export interface PdfText {
  /** Each page's width and height in points. */
  pages: { width: number; height: number; items: string[] }[];
  /** Every text item of every page, in drawing order, joined by spaces with runs of white space made one. */
  text: string;
}

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Reads the text of a PDF (tests only: PDF.js is a dev dependency). */
export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  const pdf = await getDocument({ data: bytes.slice(), standardFontDataUrl, isEvalSupported: false }).promise;
  try {
    const pages: PdfText['pages'] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const [, , width = 0, height = 0] = page.view;
      const content = await page.getTextContent();
      const items = content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str] : []));
      pages.push({ width, height, items });
    }
    return { pages, text: normaliseSpace(pages.flatMap((page) => page.items).join(' ')) };
  } finally {
    await pdf.destroy();
  }
}

/** Runs of white space (and the no-break spaces `Intl` writes) as one space. */
export function normaliseSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
