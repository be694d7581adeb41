import type { PDFFont } from 'pdf-lib';

/**
 * The standard PDF fonts only encode Windows-1252 ("WinAnsi"): other characters (Greek, Cyrillic, emoji...) are replaced by
 * "?" so a name in any script never stops a PDF from being made. Line breaks and tabs become spaces, and so do the other
 * spaces the fonts lack (the narrow no-break space `Intl` puts in "1 234,50 €").
 */
export function encodable(font: PDFFont, text: string): string {
  let out = '';
  for (const char of text.replace(/[\r\n\t]+/g, ' ')) {
    try {
      font.encodeText(char);
      out += char;
    } catch {
      out += /\s/.test(char) ? ' ' : '?';
    }
  }
  return out;
}

/** Word-wraps `text` to lines no wider than `width`; long words are cut. */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of encodable(font, text).split(/\s+/).filter(Boolean)) {
    let piece = word;
    while (font.widthOfTextAtSize(piece, size) > width) {
      let cut = piece.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(piece.slice(0, cut), size) > width) cut -= 1;
      if (line) lines.push(line);
      lines.push(piece.slice(0, cut));
      line = '';
      piece = piece.slice(cut);
    }
    const next = line ? `${line} ${piece}` : piece;
    if (font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = piece;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}
