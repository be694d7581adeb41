import { authRoutes } from '@halcyon/api/contract/auth';
import { useMutation, useTwoFactorStatus } from '@halcyon/api/swr';
import { Badge, Button, countOf, Dialog, PasswordField, Skeleton, TextField } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { useState } from 'react';
import { z } from 'zod';
import { LoadFailed } from './LoadFailed';
import { QrCode } from './QrCode';
import { RecoveryCodes } from './RecoveryCodes';
import { useSaveWithBanners } from './shared';
import styles from './settings.module.css';

const SIX_DIGITS = 'Enter the 6-digit code your authenticator app shows.';
/** The first code must come from the app (a recovery code cannot turn 2-step verification on). */
const appCodeSchema = z.object({
  code: z.string().refine((value) => /^\d{6}$/.test(value.replace(/\s+/g, '')), SIX_DIGITS),
});

/** The secret in groups of four, easier to type into an app. */
export function groupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function PasswordStep({
  intro,
  submitLabel,
  onPassword,
}: {
  intro: string;
  submitLabel: string;
  onPassword: (password: string) => Promise<void>;
}) {
  const form = useContractForm(authRoutes.twoFactorEnrol.body, {
    defaultValues: { password: '' },
    submit: ({ password }) => onPassword(password),
  });
  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate>
      <Dialog.Body className={styles.form}>
        <p className={styles.text}>{intro}</p>
        <PasswordField label="Your password" autoComplete="current-password" required {...form.field('password')} />
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" loading={form.busy}>
          {submitLabel}
        </Button>
      </Dialog.Footer>
    </form>
  );
}

function CodesStep({ codes }: { codes: readonly string[] }) {
  return (
    <>
      <Dialog.Body>
        <RecoveryCodes codes={codes} />
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.Close asChild>
          <Button>I have saved my codes</Button>
        </Dialog.Close>
      </Dialog.Footer>
    </>
  );
}

type Enrolment = { secret: string; otpauthUrl: string };

function ScanStep({ enrolment, onConfirmed }: { enrolment: Enrolment; onConfirmed: (codes: string[]) => void }) {
  const save = useSaveWithBanners();
  const confirm = useMutation('twoFactorConfirm');
  const form = useContractForm(appCodeSchema, {
    defaultValues: { code: '' },
    submit: async ({ code }) => {
      const result = await save(
        () => confirm.trigger({ body: { code: code.replace(/\s+/g, '') } }),
        '2-step verification is on.',
      );
      onConfirmed(result?.recoveryCodes ?? []);
    },
  });
  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate>
      <Dialog.Body className={styles.form}>
        <p className={styles.text}>
          Scan this code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password).
        </p>
        <QrCode value={enrolment.otpauthUrl} label="QR code to add Halcyon to your authenticator app" />
        <div>
          <p className={styles.muted}>Cannot scan it? Enter this key in the app instead:</p>
          <p className={styles.key} aria-label="Setup key">
            {groupKey(enrolment.secret)}
          </p>
        </div>
        <TextField
          label="6-digit code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          required
          {...form.field('code')}
        />
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" loading={form.busy}>
          Turn on
        </Button>
      </Dialog.Footer>
    </form>
  );
}

/** Set-up: password, then the QR code and key with a first code, then the recovery codes once. */
function EnrolDialog({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const enrol = useMutation('twoFactorEnrol');
  const save = useSaveWithBanners();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const description = codes
    ? 'Your recovery codes.'
    : enrolment
      ? 'Step 2 of 2: add Halcyon to your authenticator app.'
      : 'Step 1 of 2: confirm it is you.';
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Content size="md">
        <Dialog.Title>Set up 2-step verification</Dialog.Title>
        <Dialog.Description>{description}</Dialog.Description>
        {codes ? (
          <CodesStep codes={codes} />
        ) : enrolment ? (
          <ScanStep enrolment={enrolment} onConfirmed={setCodes} />
        ) : (
          <PasswordStep
            intro="After your password, a code from an app on your phone is asked for each time you sign in."
            submitLabel="Continue"
            onPassword={async (password) => {
              const result = await save(
                () => enrol.trigger({ body: { password } }),
                'Now scan the QR code with your authenticator app.',
              );
              if (result) setEnrolment(result);
            }}
          />
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function NewCodesDialog({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const regenerate = useMutation('twoFactorRecoveryCodes');
  const save = useSaveWithBanners();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Content size="md">
        <Dialog.Title>New recovery codes</Dialog.Title>
        <Dialog.Description>
          {codes ? 'Your new recovery codes.' : 'New codes replace the old ones, which stop working at once.'}
        </Dialog.Description>
        {codes ? (
          <CodesStep codes={codes} />
        ) : (
          <PasswordStep
            intro="Enter your password to make new recovery codes."
            submitLabel="Make new codes"
            onPassword={async (password) => {
              const result = await save(
                () => regenerate.trigger({ body: { password } }),
                'New recovery codes made. The old ones no longer work.',
              );
              setCodes(result?.recoveryCodes ?? []);
            }}
          />
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function DisableDialog({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const disable = useMutation('twoFactorDisable');
  const save = useSaveWithBanners();
  const form = useContractForm(authRoutes.twoFactorDisable.body, {
    defaultValues: { password: '', code: '' },
    submit: async (body) => {
      await save(
        () => disable.trigger({ body }),
        (result) => result?.detail ?? '2-step verification is off.',
      );
      onOpenChange(false);
    },
  });
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Content size="sm">
        <Dialog.Title>Turn off 2-step verification</Dialog.Title>
        <Dialog.Description>Signing in will then need only your password.</Dialog.Description>
        <form className={styles.form} onSubmit={form.onSubmit} noValidate>
          <Dialog.Body className={styles.form}>
            <PasswordField label="Your password" autoComplete="current-password" required {...form.field('password')} />
            <TextField
              label="Code from your app or a recovery code"
              autoComplete="one-time-code"
              required
              {...form.field('code')}
            />
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <Button type="submit" variant="danger" loading={form.busy}>
              Turn off
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

type Open = 'enrol' | 'codes' | 'disable' | null;

/** 2-step verification (CATALOG.md): authenticator app and recovery codes; on, off, new codes. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const [open, setOpen] = useState<Open>(null);
  const close = (isOpen: boolean) => {
    if (!isOpen) setOpen(null);
  };
  const data = status.data;

  return (
    <section className={styles.form} aria-labelledby="two-factor-heading">
      <div className={styles.inline}>
        <h3 id="two-factor-heading" className={styles.subTitle}>
          2-step verification
        </h3>
        {data && (data.enabled ? <Badge variant="success">On</Badge> : <Badge variant="neutral">Off</Badge>)}
      </div>
      {!data ? (
        status.error ? (
          <LoadFailed what="your 2-step verification" error={status.error} onRetry={() => void status.reload()} />
        ) : (
          <Skeleton width="60%" />
        )
      ) : data.enabled ? (
        <>
          <p className={styles.text}>
            Signing in asks for a code from your authenticator app. You have{' '}
            {countOf(data.recoveryCodesLeft, { one: 'recovery code', other: 'recovery codes' })} left.
          </p>
          {data.required && <p className={styles.muted}>Your practice requires 2-step verification, so it stays on.</p>}
          <div className={styles.inline}>
            <Button variant="secondary" onClick={() => setOpen('codes')}>
              New recovery codes
            </Button>
            {!data.required && (
              <Button variant="ghost" onClick={() => setOpen('disable')}>
                Turn off
              </Button>
            )}
          </div>
        </>
      ) : (
        <>
          <p className={styles.text}>
            Add a second step to signing in: a 6-digit code from an app on your phone. Someone who learns your password
            still cannot get in.
          </p>
          {data.required && (
            <p className={styles.readOnly} role="status">
              Your practice requires 2-step verification. Please set it up to keep using Halcyon.
            </p>
          )}
          <div className={styles.inline}>
            <Button onClick={() => setOpen('enrol')}>Set up 2-step verification</Button>
          </div>
        </>
      )}
      {open === 'enrol' && <EnrolDialog onOpenChange={close} />}
      {open === 'codes' && <NewCodesDialog onOpenChange={close} />}
      {open === 'disable' && <DisableDialog onOpenChange={close} />}
    </section>
  );
}
