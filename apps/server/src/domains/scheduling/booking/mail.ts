import type { MailMessage } from '../../../platform/mail';
import { renderMail, type PracticeBrand } from '../../../platform/mail/templates';
import { sessionPhrase, withArticle } from '../../sessions/mail';
import { formatWhenForMail } from '../../../platform/mail/when';

/** What the requester's e-mails say about their request. */
export interface RequestMailDetails {
  to: string;
  name: string;
  therapistName: string;
  serviceName: string;
  start: Date;
  timeZone: string;
}

const brandOf = (practiceName: string): PracticeBrand => ({ name: practiceName, logoUrl: null });
/** "an Individual session", "a Couples therapy session". */
const aSession = (d: RequestMailDetails) => withArticle(sessionPhrase(d.serviceName));
const when = (d: RequestMailDetails, at: Date = d.start) => formatWhenForMail(at, d.timeZone);

/** The e-mails of online booking, to the requester (the team hears through notifications). */
export const bookingMail = {
  received(practiceName: string, d: RequestMailDetails): MailMessage {
    return renderMail(brandOf(practiceName), {
      to: d.to,
      subject: `We have your request for ${when(d)}`,
      greeting: `Hello ${d.name},`,
      paragraphs: [
        `Thank you for asking for ${aSession(d)} with ${d.therapistName} on ${when(d)}.`,
        'This is a request, not yet a booking: you will get another e-mail once the practice has answered it.',
      ],
      after: ['If you did not send this request, you can ignore this message.'],
    });
  },
  accepted(practiceName: string, d: RequestMailDetails, where: string | null): MailMessage {
    return renderMail(brandOf(practiceName), {
      to: d.to,
      subject: `Your ${sessionPhrase(d.serviceName)} on ${when(d)} is confirmed`,
      greeting: `Hello ${d.name},`,
      paragraphs: [
        `Your ${sessionPhrase(d.serviceName)} with ${d.therapistName} on ${when(d)} is confirmed.`,
        ...(where ? [where] : []),
        'If you cannot make it, please let the practice know as early as you can.',
      ],
    });
  },
  amended(practiceName: string, d: RequestMailDetails, proposed: Date, message: string, url: string): MailMessage {
    return renderMail(brandOf(practiceName), {
      to: d.to,
      subject: `${d.therapistName} proposes another time: ${when(d, proposed)}`,
      greeting: `Hello ${d.name},`,
      paragraphs: [
        `Thank you for your request for ${aSession(d)} on ${when(d)}. That time is not possible, but ${d.therapistName} can see you on ${when(d, proposed)}.`,
        ...(message ? [message] : []),
        'If that suits you, accept it with the button below: your session is then booked.',
      ],
      action: { label: 'Accept this time', url },
      after: ['If it does not suit you, you can ignore this message or book another time from the booking page.'],
    });
  },
  declined(practiceName: string, d: RequestMailDetails, message: string): MailMessage {
    return renderMail(brandOf(practiceName), {
      to: d.to,
      subject: `Your request for ${when(d)}`,
      greeting: `Hello ${d.name},`,
      paragraphs: [
        `Thank you for your request for ${aSession(d)} with ${d.therapistName} on ${when(d)}. The practice cannot offer you that session.`,
        ...(message ? [message] : []),
      ],
    });
  },
  link(practiceName: string, to: string, withWhom: string, message: string, url: string): MailMessage {
    return renderMail(brandOf(practiceName), {
      to,
      subject: `Book a session with ${withWhom}`,
      greeting: 'Hello,',
      paragraphs: [
        `${practiceName} invites you to choose a time for a session with ${withWhom} online.`,
        ...(message ? [message] : []),
      ],
      action: { label: 'Choose a time', url },
    });
  },
};
