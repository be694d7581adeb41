import {
  CALENDAR_FEED_MESSAGES,
  VIDEO_LINK_MAX,
  VIDEO_PLATFORM_LABELS,
  updateVideoSettingsBodySchema,
  type VideoSettings,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { Button, Card, FieldRow, Select, Skeleton, TextField } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { Controller } from 'react-hook-form';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import { useSaveWithBanners } from '../ProfileSecurity/shared';
import styles from '../ProfileSecurity/settings.module.css';

function VideoForm({ settings, options }: { settings: VideoSettings; options: { value: string; label: string }[] }) {
  const save = useSaveWithBanners();
  const update = useMutation('updateVideoSettings');
  const form = useContractForm(updateVideoSettingsBodySchema, {
    defaultValues: { platform: settings.platform, meetingLink: settings.meetingLink ?? '' },
    submit: (body) =>
      save(
        () => update.trigger({ body }),
        (r) => r?.detail ?? CALENDAR_FEED_MESSAGES.videoSaved,
      ),
  });
  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-label="Video calls">
      <FieldRow columnMin="lg">
        <Controller
          control={form.form.control}
          name="platform"
          render={({ field }) => (
            <Select
              label="Default video platform"
              hint="For video sessions without a link of their own."
              options={options}
              value={field.value}
              onValueChange={field.onChange}
              error={form.errorOf('platform')}
            />
          )}
        />
        <TextField
          label="Personal meeting link"
          hint="Your personal room, offered for events without a link."
          type="url"
          placeholder="https://"
          maxLength={VIDEO_LINK_MAX}
          {...form.field('meetingLink')}
        />
      </FieldRow>
      <div className={styles.actions}>
        <Button type="submit" loading={form.busy}>
          Save video settings
        </Button>
      </div>
    </form>
  );
}

/** Video platforms (SPEC.md §7 video-platform-options): the member's default platform and personal meeting link. */
export function VideoSection() {
  const settings = useRoute('getVideoSettings');
  const platforms = useRoute('videoPlatformOptions');
  const error = settings.error ?? platforms.error;
  const options = (platforms.data ?? []).map((o) => ({
    value: o.value,
    label: o.label || VIDEO_PLATFORM_LABELS[o.value],
  }));
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Video calls</Card.Title>
      </Card.Header>
      <Card.Body>
        {settings.data && platforms.data ? (
          <VideoForm settings={settings.data} options={options} />
        ) : error ? (
          <LoadFailed
            what="your video settings"
            error={error}
            onRetry={() => void Promise.all([settings.reload(), platforms.reload()])}
          />
        ) : (
          <Skeleton shape="rect" height="6rem" />
        )}
      </Card.Body>
    </Card>
  );
}
