import { IMAGE_MAX_BYTES, LOGO_MAX_PIXELS, LOGO_TYPES } from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { Button, Card, Skeleton, useBanners } from '@halcyon/design-system';
import { ImagePicker } from '../ProfileSecurity/ImagePicker';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import { useStoredImage } from '../../../app/useStoredImage';
import { imageProblem, useSaveWithBanners } from '../ProfileSecurity/shared';
import styles from '../ProfileSecurity/settings.module.css';

/** The practice's logo (on invoices and e-mails): shown to everyone, changed by an Admin. */
export function LogoSection({ canEdit }: { canEdit: boolean }) {
  const logo = useRoute('getPracticeLogo');
  const src = useStoredImage(logo.data?.file?.id);
  const { notify } = useBanners();
  const save = useSaveWithBanners();
  const upload = useMutation('uploadPracticeLogo');
  const remove = useMutation('deletePracticeLogo');

  const onFile = (file: File) => {
    const problem = imageProblem(file, LOGO_TYPES, IMAGE_MAX_BYTES, 'the logo');
    if (problem) {
      notify({ variant: 'error', message: problem });
      return;
    }
    void save(() => upload.trigger({ body: file }), 'The logo has been updated.').catch(() => undefined);
  };

  const hasLogo = Boolean(logo.data?.file);
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Logo</Card.Title>
      </Card.Header>
      <Card.Body className={styles.form}>
        {logo.data === undefined ? (
          logo.error ? (
            <LoadFailed what="the logo" error={logo.error} onRetry={() => void logo.reload()} />
          ) : (
            <Skeleton shape="rect" height="4rem" />
          )
        ) : (
          <div className={styles.image}>
            {hasLogo && src ? (
              <img className={styles.logo} src={src} alt="The practice's logo" />
            ) : (
              <div className={styles.logoEmpty}>{hasLogo ? 'Loading…' : 'No logo yet'}</div>
            )}
            {canEdit && (
              <div className={styles.inline}>
                <ImagePicker
                  label={hasLogo ? 'Change logo' : 'Upload a logo'}
                  accept={LOGO_TYPES}
                  busy={upload.isMutating}
                  onFile={onFile}
                />
                {hasLogo && (
                  <Button
                    variant="ghost"
                    loading={remove.isMutating}
                    onClick={() =>
                      void save(() => remove.trigger(), 'The logo has been removed.').catch(() => undefined)
                    }
                  >
                    Remove logo
                  </Button>
                )}
              </div>
            )}
            <p className={styles.muted}>
              Shown on invoices and e-mails to clients. PNG, JPEG or WebP, up to 2 MB and {LOGO_MAX_PIXELS} ×{' '}
              {LOGO_MAX_PIXELS} pixels; a wide logo on a transparent background looks best.
            </p>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
