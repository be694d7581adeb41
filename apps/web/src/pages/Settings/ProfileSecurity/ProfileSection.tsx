import {
  IMAGE_MAX_BYTES,
  PROFILE_PHOTO_TYPES,
  updateProfileBodySchema,
  type ProfileSettings,
  type StoredFile,
} from '@halcyon/api/contract';
import { useApiClient, useMutation, useRoute, useUpload } from '@halcyon/api/swr';
import { Avatar, Button, Card, FieldRow, Skeleton, TextField, useBanners } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { userStore } from '../../../app/userStore';
import { ImagePicker } from './ImagePicker';
import { LoadFailed } from './LoadFailed';
import { useStoredImage } from '../../../app/useStoredImage';
import { imageProblem, useSaveWithBanners } from './shared';
import styles from './settings.module.css';

const valuesOf = (profile: ProfileSettings) => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  title: profile.title ?? '',
  phone: profile.phone ?? '',
  professionalBody: profile.professionalBody ?? '',
  registrationNumber: profile.registrationNumber ?? '',
});

function Photo({ profile }: { profile: ProfileSettings }) {
  const client = useApiClient();
  const { notify } = useBanners();
  const save = useSaveWithBanners();
  const src = useStoredImage(profile.photoFileId);
  const upload = useUpload<StoredFile>('/api/files');
  const update = useMutation('updateProfileSettings');
  const name = `${profile.firstName} ${profile.lastName}`;

  const onFile = (file: File) => {
    const problem = imageProblem(file, PROFILE_PHOTO_TYPES, IMAGE_MAX_BYTES, 'your photo');
    if (problem) {
      notify({ variant: 'error', message: problem });
      return;
    }
    void save(async () => {
      const stored = await upload.upload(file);
      return update.trigger({ body: { photoFileId: stored.id } });
    }, 'Your photo has been updated.').catch(() => undefined);
  };
  const remove = () =>
    void save(() => update.trigger({ body: { photoFileId: null } }), 'Your photo has been removed.')
      .then(() => userStore.load(client, { force: true }))
      .catch(() => undefined);

  return (
    <div className={styles.image}>
      <Avatar name={name} size="lg" {...(src ? { src } : {})} />
      <div className={styles.inline}>
        <ImagePicker
          label={profile.photoUrl ? 'Change photo' : 'Upload a photo'}
          accept={PROFILE_PHOTO_TYPES}
          busy={upload.isUploading || update.isMutating}
          onFile={onFile}
        />
        {profile.photoUrl && (
          <Button variant="ghost" onClick={remove} disabled={update.isMutating}>
            Remove photo
          </Button>
        )}
      </div>
      <p className={styles.muted}>PNG, JPEG or WebP, up to 2 MB. Colleagues see it beside your name.</p>
    </div>
  );
}

function ProfileForm({ profile }: { profile: ProfileSettings }) {
  const client = useApiClient();
  const save = useSaveWithBanners();
  const update = useMutation('updateProfileSettings');
  const form = useContractForm(updateProfileBodySchema, {
    defaultValues: valuesOf(profile),
    submit: async (body) => {
      await save(() => update.trigger({ body }), 'Your profile has been saved.');
      // The shell shows the signed-in name: load it again.
      void userStore.load(client, { force: true });
    },
  });

  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-label="Profile">
      <FieldRow columnMin="lg">
        <TextField label="First name" autoComplete="given-name" required {...form.field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" required {...form.field('lastName')} />
      </FieldRow>
      <FieldRow columnMin="lg">
        <TextField label="Title" hint="For example Counsellor or Clinical Psychologist." {...form.field('title')} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...form.field('phone')} />
      </FieldRow>
      <FieldRow columnMin="lg">
        <TextField
          label="Professional body"
          hint="For example BACP, UKCP, HCPC, APA."
          {...form.field('professionalBody')}
        />
        <TextField label="Registration number" {...form.field('registrationNumber')} />
      </FieldRow>
      <div className={styles.actions}>
        <Button type="submit" loading={form.busy}>
          Save profile
        </Button>
      </div>
    </form>
  );
}

/** Profile: photo, name, title, contact, professional body and registration (CATALOG.md Profile-security). */
export function ProfileSection() {
  const profile = useRoute('getProfileSettings');
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Profile</Card.Title>
      </Card.Header>
      <Card.Body className={styles.form}>
        {profile.data ? (
          <>
            <Photo profile={profile.data} />
            <ProfileForm profile={profile.data} />
          </>
        ) : profile.error ? (
          <LoadFailed what="your profile" error={profile.error} onRetry={() => void profile.reload()} />
        ) : (
          <Skeleton shape="rect" height="12rem" />
        )}
      </Card.Body>
    </Card>
  );
}
