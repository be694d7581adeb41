import type { MailMessage } from '../../platform/mail';

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const oneLine = (value: string, max: number) =>
  value
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);

export interface SessionMailDetails {
  practiceName: string;
  to: string;
  clientName: string;
  therapistName: string;
  serviceName: string;
  when: string;
  location: string;
}

function render(subject: string, d: SessionMailDetails, paragraphs: string[]): MailMessage {
  const text = [
    d.practiceName,
    '',
    `Hello ${d.clientName},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `— ${d.practiceName}, through Halcyon`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<header style="margin-bottom:24px"><strong style="font-size:18px">${escapeHtml(d.practiceName)}</strong></header>
<p>Hello ${escapeHtml(d.clientName)},</p>
${paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join('\n')}
<p style="font-size:13px;color:#52606d">— ${escapeHtml(d.practiceName)}, through Halcyon</p>
</body></html>`;
  return { to: d.to, subject: oneLine(subject, 250), text, html };
}

/** Tells the client their session was cancelled (the reason is not repeated: it may be clinical). */
export function sessionCancelledMail(d: SessionMailDetails, lateFee: boolean): MailMessage {
  return render(`Your session on ${d.when} is cancelled`, d, [
    `Your ${d.serviceName} session with ${d.therapistName} on ${d.when} has been cancelled.`,
    ...(lateFee ? ['A late cancellation fee applies, as set out in the practice’s cancellation policy.'] : []),
    'If you would like to book another time, reply to this e-mail or contact the practice.',
  ]);
}

/** Confirms newly scheduled sessions to the client. */
export function sessionsScheduledMail(d: SessionMailDetails, count: number): MailMessage {
  const where = d.location ? ` (${d.location})` : '';
  return render(count > 1 ? `Your sessions from ${d.when} are booked` : `Your session on ${d.when} is booked`, d, [
    count > 1
      ? `${count} ${d.serviceName} sessions with ${d.therapistName} are booked, starting on ${d.when}${where}.`
      : `Your ${d.serviceName} session with ${d.therapistName} is booked for ${d.when}${where}.`,
    'If you cannot make it, please let the practice know as early as you can.',
  ]);
}
