import {
  CALENDAR_FEED_MESSAGES,
  VIDEO_LINK_MAX,
  VIDEO_PLATFORM_LABELS,
  setEventMeetingLinkBodySchema,
  videoPlatformOf,
  type EventMeetingLink,
  type VideoPlatform,
} from '@halcyon/api/contract';
import { useMutation, useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import { formatDateTime, formatTime } from '@halcyon/api/time';
import { Button, Link, Skeleton, TextField, useBanners } from '@halcyon/design-system';
import { useWatch } from 'react-hook-form';
import { submitErrorMessage } from '../../form/useContractForm';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { VideoCallModalProps } from '../../types';
import styles from './VideoCallModal.module.css';

/** What the modal says when the event cannot be read. */
export const EVENT_NOT_LOADED_MESSAGE = 'We could not load this event. Close this and try again.';
export const LINK_COPIED_MESSAGE = 'Meeting link copied.';
export const LINK_NOT_COPIED_MESSAGE = 'The link could not be copied. Select it and copy it yourself.';

const TITLE = 'Video call';

/**
 * video-call (CATALOG.md: platform, meeting link, copy, join): an event's meeting link, or its therapist's personal
 * room when it has none; join it in a new tab or copy it; set or change the event's own link (a session given a link
 * takes place by video).
 */
export function VideoCallModal({ kind, eventId, onSaved }: VideoCallModalProps) {
  const event = useRoute('getEventMeetingLink', { params: { kind, id: eventId } });
  if (!event.data) {
    const failed = event.error !== undefined || event.data === null;
    return (
      <ModalShell
        title={TITLE}
        description="Join, copy or set the meeting link."
        error={failed ? EVENT_NOT_LOADED_MESSAGE : null}
      >
        {!failed && <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the event" />}
      </ModalShell>
    );
  }
  return <VideoCallForm event={event.data} onSaved={onSaved} />;
}

interface LinkActionsProps {
  link: string;
  platform: VideoPlatform | null;
  label: string;
  /** Sends the link to the event's client; absent when there is no one to send it to. */
  onSend?: (() => Promise<void>) | undefined;
  sending?: boolean;
}

function LinkActions({ link, platform, label, onSend, sending = false }: LinkActionsProps) {
  const { notify } = useBanners();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify({ variant: 'success', message: LINK_COPIED_MESSAGE });
    } catch {
      notify({ variant: 'error', message: LINK_NOT_COPIED_MESSAGE });
    }
  };
  return (
    <div className={styles.current}>
      <p className={styles.label}>
        {label}
        {platform && <span className={styles.platform}> · {VIDEO_PLATFORM_LABELS[platform]}</span>}
      </p>
      <p className={styles.link}>{link}</p>
      <div className={styles.actions}>
        <Link href={link} external variant="standalone">
          Join call
        </Link>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy link
        </Button>
        {onSend && (
          <Button variant="secondary" size="sm" loading={sending} onClick={() => void onSend()}>
            Send to client
          </Button>
        )}
      </div>
    </div>
  );
}

function VideoCallForm({ event, onSaved }: { event: EventMeetingLink; onSaved: VideoCallModalProps['onSaved'] }) {
  const { notify } = useBanners();
  const timeZone = usePracticeTimeZone();
  const save = useMutation('setEventMeetingLink');
  const send = useMutation('sendEventMeetingLink');
  const sendToClient = async () => {
    try {
      const sent = await send.trigger({ params: { kind: event.kind, id: event.id } });
      notify({ variant: 'success', message: sent?.detail ?? CALENDAR_FEED_MESSAGES.meetingLinkSent });
    } catch (error) {
      notify({ variant: 'error', message: submitErrorMessage(error) });
    }
  };
  const personal = event.therapistDefault?.meetingLink ?? null;
  const { form, field, shellProps } = useModalForm(setEventMeetingLinkBodySchema, {
    defaultValues: { meetingLink: event.meetingLink ?? '' },
    submit: (body) => save.trigger({ params: { kind: event.kind, id: event.id }, body }),
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: saved?.detail ?? CALENDAR_FEED_MESSAGES.meetingLinkSaved });
      if (saved) await onSaved?.(saved);
    },
  });
  const typed = useWatch({ control: form.control, name: 'meetingLink' });
  const typedPlatform = videoPlatformOf(typeof typed === 'string' ? typed.trim() : null);
  const when = `${formatDateTime(event.startsAt, timeZone)} to ${formatTime(event.endsAt, timeZone)}`;
  return (
    <ModalShell
      title={TITLE}
      description={`${event.title}, ${when}.`}
      {...shellProps}
      submitLabel="Save link"
      extraActions={
        personal && event.meetingLink !== personal ? (
          <Button
            variant="secondary"
            onClick={() => form.setValue('meetingLink', personal, { shouldDirty: true, shouldValidate: true })}
          >
            Use personal room
          </Button>
        ) : undefined
      }
    >
      <ModalFields>
        {event.meetingLink ? (
          <LinkActions
            link={event.meetingLink}
            platform={event.platform}
            label="This event's meeting link"
            onSend={event.canSendToClient ? sendToClient : undefined}
            sending={send.isMutating}
          />
        ) : personal ? (
          <LinkActions
            link={personal}
            platform={event.therapistDefault?.platform ?? null}
            label="No link of its own: the therapist's personal room"
            onSend={event.canSendToClient ? sendToClient : undefined}
            sending={send.isMutating}
          />
        ) : (
          <p className={styles.none}>
            This event has no meeting link yet, and its therapist has no personal room. Paste the link from your video
            platform below.
          </p>
        )}
        <TextField
          label="Meeting link for this event"
          type="url"
          placeholder="https://"
          maxLength={VIDEO_LINK_MAX}
          hint={
            typedPlatform
              ? `${VIDEO_PLATFORM_LABELS[typedPlatform]} link. Leave it empty to remove the event's own link.`
              : 'From Zoom, Microsoft Teams, Google Meet, Doxy.me or another platform. Leave it empty to remove it.'
          }
          {...field('meetingLink')}
        />
      </ModalFields>
    </ModalShell>
  );
}
