import type { MailMessage } from '../../platform/mail';

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface MeasureMail {
  to: string;
  practiceName: string;
  firstName: string;
  measureTitle: string;
  url: string;
  ttlDays: number;
  /** The therapist's own words, when they wrote some. */
  message?: string | null;
}

/** The e-mail with a link to fill in a measure. It names the measure and the practice, nothing of the client's record. */
export function measureMail(m: MeasureMail): MailMessage {
  const subject = `${m.practiceName} has sent you a short questionnaire`;
  const paragraphs = [
    `${m.practiceName} has asked you to fill in a short questionnaire: ${m.measureTitle}. It takes a few minutes, and your answers go straight to your therapist.`,
    ...(m.message ? [m.message] : []),
  ];
  const after = [
    `The link works once and for ${m.ttlDays} days. Please do not forward this e-mail: the link is for you only.`,
    'If you are in crisis or feel unsafe, do not wait for your next session: call your local emergency number.',
  ];
  const text = [
    m.practiceName,
    '',
    `Hello ${m.firstName},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `Fill in the questionnaire: ${m.url}`,
    '',
    ...after.flatMap((p) => [p, '']),
    `— ${m.practiceName}, through Halcyon`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<header style="margin-bottom:24px"><strong style="font-size:18px">${escapeHtml(m.practiceName)}</strong></header>
<p>Hello ${escapeHtml(m.firstName)},</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(m.url)}" style="display:inline-block;background:#2f5d62;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Fill in the questionnaire</a></p>
<p style="font-size:13px;color:#52606d">If the button does not work, copy this address into your browser: ${escapeHtml(m.url)}</p>
${after.map((p) => `<p style="font-size:13px;color:#52606d">${escapeHtml(p)}</p>`).join('\n')}
<footer style="margin-top:32px;font-size:12px;color:#7b8794">${escapeHtml(m.practiceName)}, through Halcyon</footer>
</body></html>`;
  return { to: m.to, subject, text, html };
}

/** Tells a therapist a client completed a measure; no client name or score (they are read after signing in). */
export function completedMeasureMail(m: {
  to: string;
  firstName: string;
  practiceName: string;
  measureName: string;
  url: string;
}): MailMessage {
  const subject = `A client completed the ${m.measureName}`;
  const lines = [
    `Hello ${m.firstName},`,
    `A client of ${m.practiceName} has completed the ${m.measureName} you sent them. Sign in to Halcyon to see the score in the client's Assessments tab.`,
    'You get this e-mail because "Outcome measures completed by clients" is on in your notification preferences.',
  ];
  const text = [...lines, `Sign in: ${m.url}`].join('\n\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(m.url)}">Sign in to Halcyon</a></p>
</body></html>`;
  return { to: m.to, subject, text, html };
}
