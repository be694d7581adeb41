import type { SessionLocationKind } from '@halcyon/api/contract';
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
  /** When, in words and in the practice's time zone: "Tuesday 3 December at 10:00 (Europe/London)" (see `formatWhen`). */
  when: string;
  locationKind: SessionLocationKind;
  /** The room or address (in person); may be empty. */
  location: string;
  /** A video session's meeting link, if it has one. */
  videoLink: string | null;
}

/** A paragraph of the e-mail; `link` is shown after the text and is clickable in the HTML part. */
type Paragraph = string | { text: string; link: string };

function render(subject: string, d: SessionMailDetails, paragraphs: Paragraph[]): MailMessage {
  const plain = (p: Paragraph) => (typeof p === 'string' ? p : `${p.text} ${p.link}`);
  const html = (p: Paragraph) =>
    typeof p === 'string'
      ? escapeHtml(p)
      : `${escapeHtml(p.text)} <a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a>`;
  const text = [
    d.practiceName,
    '',
    `Hello ${d.clientName},`,
    '',
    ...paragraphs.flatMap((p) => [plain(p), '']),
    `— ${d.practiceName}, through Halcyon`,
  ].join('\n');
  return {
    to: d.to,
    subject: oneLine(subject, 250),
    text,
    html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<header style="margin-bottom:24px"><strong style="font-size:18px">${escapeHtml(d.practiceName)}</strong></header>
<p>Hello ${escapeHtml(d.clientName)},</p>
${paragraphs.map((p) => `<p style="white-space:pre-wrap">${html(p)}</p>`).join('\n')}
<p style="font-size:13px;color:#52606d">— ${escapeHtml(d.practiceName)}, through Halcyon</p>
</body></html>`,
  };
}

/** Last words of a service name that already say what kind of meeting it is ("Individual session", "Assessment"). */
const MEETING_WORDS = new Set(['session', 'appointment', 'consultation', 'assessment', 'review', 'call', 'meeting']);

/**
 * The service as a client reads it: "Individual session" stays as it is, "Couples therapy" becomes "Couples therapy
 * session"; with a count above one, the plural ("Individual sessions", "Couples therapy sessions").
 */
export function sessionPhrase(serviceName: string, count = 1): string {
  const name = oneLine(serviceName, 200) || 'Session';
  const last = name.split(/\s+/).pop()!.toLowerCase();
  const singular = last === 'sessions' || MEETING_WORDS.has(last) ? name : `${name} session`;
  if (count === 1) return singular.replace(/sessions$/i, (word) => word.slice(0, -1));
  return /s$/i.test(singular) ? singular : `${singular}s`;
}

/** The phrase with its indefinite article: "an Individual session", "a Couples therapy session". */
export function withArticle(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

/** Where the session happens, in a sentence for the client; the video link when there is one. */
function wherePhrase(d: SessionMailDetails): Paragraph | null {
  switch (d.locationKind) {
    case 'video':
      return d.videoLink
        ? { text: 'It takes place by video. Join it from this link at the time:', link: d.videoLink }
        : 'It takes place by video. The practice will send you the link to join.';
    case 'phone':
      return 'It takes place by phone.';
    default:
      return d.location ? `Where: ${d.location}.` : null;
  }
}

/**
 * Tells the client their session was cancelled (the reason is not repeated: it may be clinical), and the late fee the
 * cancellation policy set ("£30.00"), if one was recorded.
 */
export function sessionCancelledMail(d: SessionMailDetails, lateFee: string | null): MailMessage {
  return render(`Your ${sessionPhrase(d.serviceName)} on ${d.when} is cancelled`, d, [
    `Your ${sessionPhrase(d.serviceName)} with ${d.therapistName} on ${d.when} has been cancelled.`,
    ...(lateFee
      ? [`A late cancellation fee of ${lateFee} applies, as set out in the practice’s cancellation policy.`]
      : []),
    'If you would like to book another time, reply to this e-mail or contact the practice.',
  ]);
}

/** Confirms newly scheduled sessions to the client: what, with whom, when (the first of a series), where or the link. */
export function sessionsScheduledMail(d: SessionMailDetails, count: number): MailMessage {
  const where = wherePhrase(d);
  const series = count > 1;
  return render(
    series
      ? `Your ${sessionPhrase(d.serviceName, count)} from ${d.when} are booked`
      : `Your ${sessionPhrase(d.serviceName)} on ${d.when} is booked`,
    d,
    [
      series
        ? `${count} ${sessionPhrase(d.serviceName, count)} with ${d.therapistName} are booked, the first on ${d.when}.`
        : `Your ${sessionPhrase(d.serviceName)} with ${d.therapistName} on ${d.when} is booked.`,
      ...(where ? [where] : []),
      'If you cannot make it, please let the practice know as early as you can.',
    ],
  );
}

/**
 * Tells the client their session moved: from when to when (the practice's local times), where it happens or the link;
 * `later` more sessions of the series moved with it (each by as much).
 */
export function sessionMovedMail(d: SessionMailDetails, previousWhen: string, later = 0): MailMessage {
  const where = wherePhrase(d);
  return render(`Your ${sessionPhrase(d.serviceName)} has moved to ${d.when}`, d, [
    `Your ${sessionPhrase(d.serviceName)} with ${d.therapistName} on ${previousWhen} has moved to ${d.when}.`,
    ...(later > 0
      ? [
          `The ${later === 1 ? 'next session' : `${later} sessions`} after it in the series moved by as much; the practice can tell you their times.`,
        ]
      : []),
    ...(where ? [where] : []),
    'If the new time does not suit you, please let the practice know as early as you can.',
  ]);
}

/** Sends the client the link to join a video session or meeting (the video-call modal's "Send to client"). */
export function meetingLinkMail(d: SessionMailDetails & { videoLink: string }): MailMessage {
  return render(`The link to join your ${sessionPhrase(d.serviceName)} on ${d.when}`, d, [
    `Your ${sessionPhrase(d.serviceName)} with ${d.therapistName} on ${d.when} takes place by video.`,
    { text: 'Join it from this link at the time:', link: d.videoLink },
    'If you cannot make it, please let the practice know as early as you can.',
  ]);
}

/**
 * Reminds the client of a session: the service named once, the practice's local time with its zone, where it happens
 * or the video link, and the cancellation policy's words when the practice has them.
 */
export function sessionReminderMail(d: SessionMailDetails, policy: string | null): MailMessage {
  const where = wherePhrase(d);
  return render(`Reminder: your session with ${d.therapistName} on ${d.when}`, d, [
    `This is a reminder of your ${sessionPhrase(d.serviceName)} with ${d.therapistName} on ${d.when}.`,
    ...(where ? [where] : []),
    policy
      ? `If you cannot make it, please let the practice know as early as you can. ${oneLine(policy, 1000)}`
      : 'If you cannot make it, please let the practice know as early as you can.',
  ]);
}
