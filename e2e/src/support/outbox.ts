import fs from 'node:fs';
import path from 'node:path';

/** Decodes the quoted-printable soft line breaks and `=XX` escapes nodemailer may use in an .eml body. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Waits for an e-mail in DATA_DIR/outbox sent to `to` that holds a link under `linkPath` (e.g. /Register/Validate-email)
 * and answers that link's path with its token, ready to open on any base URL.
 */
export async function linkFromOutbox(
  dataDir: string,
  to: string,
  linkPath: string,
  timeoutMs = 10_000,
): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const pattern = new RegExp(`${linkPath.replace(/[/-]/g, '\\$&')}/([A-Za-z0-9_.~%-]+)`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter((file) => file.endsWith('.eml'))
          .sort()
      : [];
    for (const file of files.reverse()) {
      const text = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), 'utf8'));
      if (!text.toLowerCase().includes(to.toLowerCase())) continue;
      const match = pattern.exec(text);
      if (match) return `${linkPath}/${match[1]}`;
    }
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} with a ${linkPath} link in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
