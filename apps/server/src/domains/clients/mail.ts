import type { MailMessage } from '../../platform/mail';

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** One line for a header: no line breaks, at most `max` characters. */
const oneLine = (value: string, max: number) =>
  value
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);

export interface PortalInvitation {
  practiceName: string;
  logoUrl: string | null;
  to: string;
  clientName: string;
  therapistName: string;
  url: string;
  /** The portal's sign-in page (/Portal), where the client asks for a link to their portal home later on. */
  signInUrl: string;
  ttlDays: number;
  message: string | null;
}

/** What the invitation says under its words, whoever wrote them: how long the link works, and where to sign in later. */
export function portalInvitationSmallPrint(ttlDays: number, signInUrl: string): string[] {
  return [
    `The link works once and for ${ttlDays} days. Once you have accepted, you can sign in to your portal at any time at ${signInUrl} with this e-mail address.`,
    'If you were not expecting this message, you can ignore it.',
  ];
}

/** The e-mail that invites a client to the practice's client portal (sent on onboarding or from the Portal tab). */
export function portalInvitationMail(invite: PortalInvitation): MailMessage {
  const subject = oneLine(`${invite.practiceName} invited you to your client portal`, 250);
  const paragraphs = [
    `${invite.therapistName} at ${invite.practiceName} invited you to the practice's secure client portal: forms to complete, documents and secure messages come to you there by e-mail link, and you can reply to your practice's messages.`,
    ...(invite.message ? [invite.message] : []),
  ];
  const after = portalInvitationSmallPrint(invite.ttlDays, invite.signInUrl);
  const text = [
    invite.practiceName,
    '',
    `Hello ${invite.clientName},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `Set up your portal access: ${invite.url}`,
    '',
    ...after.flatMap((p) => [p, '']),
    `— ${invite.practiceName}, through Halcyon`,
  ].join('\n');
  const logo = invite.logoUrl
    ? `<img src="${escapeHtml(invite.logoUrl)}" alt="" height="40" style="display:block;margin-bottom:8px">`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<header style="margin-bottom:24px">${logo}<strong style="font-size:18px">${escapeHtml(invite.practiceName)}</strong></header>
<p>Hello ${escapeHtml(invite.clientName)},</p>
${paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(invite.url)}" style="display:inline-block;background:#2f5d62;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Set up portal access</a></p>
<p style="font-size:13px;color:#52606d">If the button does not work, copy this address into your browser: ${escapeHtml(invite.url)}</p>
${after.map((p) => `<p style="font-size:13px;color:#52606d">${escapeHtml(p)}</p>`).join('\n')}
<footer style="margin-top:32px;font-size:12px;color:#7b8794">${escapeHtml(invite.practiceName)}, through Halcyon</footer>
</body></html>`;
  return { to: invite.to, subject, text, html };
}
