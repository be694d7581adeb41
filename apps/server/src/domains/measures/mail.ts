import type { MailMessage } from '../../platform/mail';

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Halcyon's small print under the measure-link e-mail (the practice's words come from its template, Settings >
 * Template-library): the link's life, and what to do in a crisis.
 */
export function measureLinkSmallPrint(ttlDays: number): string[] {
  return [
    `The link works once and for ${ttlDays} days. Please do not forward this e-mail: the link is for you only.`,
    'If you are in crisis or feel unsafe, do not wait for your next session: call your local emergency number.',
  ];
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
