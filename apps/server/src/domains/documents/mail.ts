import type { MailMessage } from '../../platform/mail';

export interface Brand {
  name: string;
  logoUrl: string | null;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Subjects are one line: a line break there would start a new header. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

interface Body {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** The therapist's own words, quoted as they wrote them. */
  quote?: string;
  action?: { label: string; url: string };
  after?: string[];
}

/** The same layout as the platform's messages: the practice's name on top, plain text beside the HTML. */
function render(brand: Brand, body: Body): MailMessage {
  const text = [
    brand.name,
    '',
    body.greeting,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.quote ? [body.quote, ''] : []),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    ...(body.after ?? []).flatMap((p) => [p, '']),
    `— ${brand.name}, through Halcyon`,
  ].join('\n');
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="" height="40" style="display:block;margin-bottom:8px">`
    : '';
  const quote = body.quote
    ? `<blockquote style="margin:16px 0;padding:8px 16px;border-left:3px solid #cbd2d9;white-space:pre-wrap">${escapeHtml(body.quote)}</blockquote>`
    : '';
  const action = body.action
    ? `<p><a href="${escapeHtml(body.action.url)}" style="display:inline-block;background:#2f5d62;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(body.action.label)}</a></p>
<p style="font-size:13px;color:#52606d">If the button does not work, copy this address into your browser: ${escapeHtml(body.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(oneLine(body.subject))}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<header style="margin-bottom:24px">${logo}<strong style="font-size:18px">${escapeHtml(brand.name)}</strong></header>
<p>${escapeHtml(body.greeting)}</p>
${body.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${quote}
${action}
${(body.after ?? []).map((p) => `<p style="font-size:13px;color:#52606d">${escapeHtml(p)}</p>`).join('\n')}
<footer style="margin-top:32px;font-size:12px;color:#7b8794">${escapeHtml(brand.name)}, through Halcyon</footer>
</body></html>`;
  return { to: body.to, subject: oneLine(body.subject), text, html };
}

const ITEM_WORDS = {
  document: 'a document',
  form: 'a form',
  measure: 'a questionnaire',
  invoice: 'an invoice',
} as const;

export const documentMail = {
  signatureRequest(
    brand: Brand,
    input: { to: string; signerName: string; documentName: string; message: string; url: string; until: string },
  ): MailMessage {
    return render(brand, {
      to: input.to,
      subject: `${brand.name} asks you to sign "${input.documentName}"`,
      greeting: `Hello ${input.signerName},`,
      paragraphs: [`${brand.name} has asked you to read and sign "${input.documentName}".`],
      ...(input.message ? { quote: input.message } : {}),
      action: { label: 'Read and sign', url: input.url },
      after: [
        `The link works once, until ${input.until}. You do not need an account.`,
        'If you were not expecting this, you can ignore this message.',
      ],
    });
  },

  sharedItem(
    brand: Brand,
    input: {
      to: string;
      clientName: string;
      kind: keyof typeof ITEM_WORDS;
      itemName: string | null;
      channel: 'portal' | 'email';
      message: string;
      url: string | null;
      until: string | null;
    },
  ): MailMessage {
    const what = input.itemName ? `"${input.itemName}"` : ITEM_WORDS[input.kind];
    return render(brand, {
      to: input.to,
      subject: `${brand.name} shared ${input.itemName ? `"${input.itemName}"` : ITEM_WORDS[input.kind]} with you`,
      greeting: `Hello ${input.clientName},`,
      paragraphs: [
        input.channel === 'portal'
          ? `${brand.name} shared ${what} with you through your client portal.`
          : `${brand.name} shared ${what} with you.`,
        ...(input.url ? ['Download it with the secure link below.'] : []),
      ],
      ...(input.message ? { quote: input.message } : {}),
      ...(input.url ? { action: { label: 'Download', url: input.url } } : {}),
      after: input.until
        ? [
            `The download link works until ${input.until}, or until ${brand.name} stops sharing it with you, whichever ` +
              'comes first.',
          ]
        : [],
    });
  },
};
