import { UNKNOWN_DEVICE } from '@halcyon/api/contract';
import type { MailMessage } from './index';

export interface PracticeBrand {
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

/** A message's parts in the one layout (`renderMail`). */
export interface MailBody {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
}

/** One layout for every message: the practice's logo and name at the top, plain text alongside the HTML. */
export function renderMail(brand: PracticeBrand, body: MailBody): MailMessage {
  const textParts = [
    brand.name,
    '',
    body.greeting,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    ...(body.after ?? []).flatMap((p) => [p, '']),
    `— ${brand.name}, through Halcyon`,
  ];
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="" height="40" style="display:block;margin-bottom:8px">`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(body.subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<header style="margin-bottom:24px">${logo}<strong style="font-size:18px">${escapeHtml(brand.name)}</strong></header>
<p>${escapeHtml(body.greeting)}</p>
${body.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${
  body.action
    ? `<p><a href="${escapeHtml(body.action.url)}" style="display:inline-block;background:#2f5d62;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(body.action.label)}</a></p>
<p style="font-size:13px;color:#52606d">If the button does not work, copy this address into your browser: ${escapeHtml(body.action.url)}</p>`
    : ''
}
${(body.after ?? []).map((p) => `<p style="font-size:13px;color:#52606d">${escapeHtml(p)}</p>`).join('\n')}
<footer style="margin-top:32px;font-size:12px;color:#7b8794">${escapeHtml(brand.name)}, through Halcyon</footer>
</body></html>`;
  return { to: body.to, subject: body.subject, text: textParts.join('\n'), html };
}

export const mailTemplates = {
  validation(brand: PracticeBrand, to: string, firstName: string, url: string): MailMessage {
    return renderMail(brand, {
      to,
      subject: `Confirm your e-mail address for ${brand.name}`,
      greeting: `Hello ${firstName},`,
      paragraphs: ['Please confirm your e-mail address to finish setting up your Halcyon account.'],
      action: { label: 'Confirm e-mail address', url },
      after: ['The link works once and for 24 hours. If you did not create an account, you can ignore this message.'],
    });
  },
  accountExists(brand: PracticeBrand, to: string, firstName: string, url: string): MailMessage {
    return renderMail(brand, {
      to,
      subject: 'Someone tried to register with your e-mail address',
      greeting: `Hello ${firstName},`,
      paragraphs: [
        'Someone tried to create a new Halcyon account with this e-mail address, which already has an account.',
        'If it was you, sign in instead, or reset your password if you have forgotten it.',
      ],
      action: { label: 'Reset password', url },
      after: ['If it was not you, you can ignore this message; nothing has changed.'],
    });
  },
  reset(brand: PracticeBrand, to: string, firstName: string, url: string): MailMessage {
    return renderMail(brand, {
      to,
      subject: 'Reset your Halcyon password',
      greeting: `Hello ${firstName},`,
      paragraphs: ['We received a request to reset your password. Choose a new one with the link below.'],
      action: { label: 'Choose a new password', url },
      after: [
        'The link works once and for 1 hour. Setting a new password signs you out on every device.',
        'If you did not ask for this, you can ignore this message; your password stays the same.',
      ],
    });
  },
  invitation(brand: PracticeBrand, to: string, inviter: string, role: string, url: string): MailMessage {
    return renderMail(brand, {
      to,
      subject: `${inviter} invited you to join ${brand.name} on Halcyon`,
      greeting: 'Hello,',
      paragraphs: [
        `${inviter} invited you to join ${brand.name} on Halcyon as ${role === 'Admin' ? 'an' : 'a'} ${role}.`,
      ],
      action: { label: 'Accept the invitation', url },
      after: ['The invitation works once and for 7 days. If you were not expecting it, you can ignore this message.'],
    });
  },
  emailChange(brand: PracticeBrand, to: string, firstName: string, url: string): MailMessage {
    return renderMail(brand, {
      to,
      subject: 'Confirm your new e-mail address',
      greeting: `Hello ${firstName},`,
      paragraphs: ['Please confirm that you want to use this address to sign in to Halcyon.'],
      action: { label: 'Confirm new e-mail address', url },
      after: ['The link works once and for 24 hours. Until then, your old address stays in use.'],
    });
  },
  emailChangeNotice(brand: PracticeBrand, to: string, firstName: string): MailMessage {
    return renderMail(brand, {
      to,
      subject: 'A change of e-mail address was requested',
      greeting: `Hello ${firstName},`,
      paragraphs: [
        'Someone signed in to your Halcyon account asked to change its e-mail address. The change happens only after the new address is confirmed.',
        'If this was not you, change your password and sign out everywhere from Profile & security.',
      ],
    });
  },
  /** `when` in words (formatWhenForMail), `device` named (describeDevice: "Chrome on macOS", "Unknown device"). */
  newSignIn(
    brand: PracticeBrand,
    to: string,
    firstName: string,
    when: string,
    device: string,
    ip: string,
  ): MailMessage {
    return renderMail(brand, {
      to,
      subject: `New sign-in to ${brand.name} on Halcyon`,
      greeting: `Hello ${firstName},`,
      paragraphs: [
        `Your account was signed in on ${when} from ${device === UNKNOWN_DEVICE ? 'an unknown device' : device} (IP address ${ip}).`,
        'If this was you, there is nothing to do. If not, change your password and sign out everywhere from Profile & security.',
      ],
    });
  },
};
