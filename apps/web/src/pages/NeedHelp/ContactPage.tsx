import { CONTACT_SENT_MESSAGE, HELP_MESSAGE_MAX, HELP_SUBJECT_MAX, helpContactBodySchema } from '@halcyon/api/contract';
import { useMutation } from '@halcyon/api/swr';
import { Button, TextArea, TextField, useBanners } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { useEffect, useRef, useState } from 'react';
import { useUserState } from '../../app/userStore';
import { FormError } from '../../features/help/FormError';
import { HelpHeader } from '../../features/help/HelpHeader';
import styles from '../../features/help/help.module.css';

function ContactForm({ replyTo, onSent }: { replyTo: string; onSent: (replyTo: string) => void }) {
  const send = useMutation('helpContact');
  const form = useContractForm(helpContactBodySchema, {
    defaultValues: { subject: '', message: '', replyTo: replyTo },
    submit: async (body) => {
      await send.trigger({ body });
      onSent(body.replyTo);
    },
  });
  const { getValues, setValue } = form.form;

  // The signed-in user's address, once known, unless something was typed already.
  const prefilled = useRef(Boolean(replyTo));
  useEffect(() => {
    if (prefilled.current || !replyTo) return;
    prefilled.current = true;
    if (!getValues('replyTo')) setValue('replyTo', replyTo);
  }, [replyTo, getValues, setValue]);

  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-label="Contact us">
      {form.submitError && (
        <FormError>
          Your message was not sent. {form.submitError} What you wrote is still here, so you can try again.
        </FormError>
      )}
      <TextField label="Subject" required maxLength={HELP_SUBJECT_MAX} {...form.field('subject')} />
      <TextArea
        label="Message"
        hint="Say what you were doing and what you expected to happen. Please do not include client names or clinical details."
        required
        rows={8}
        maxLength={HELP_MESSAGE_MAX}
        showCount
        {...form.field('message')}
      />
      <TextField
        label="Reply to"
        hint="We reply by e-mail to this address."
        type="email"
        autoComplete="email"
        required
        {...form.field('replyTo')}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={form.busy}>
          {form.busy ? 'Sending…' : 'Send message'}
        </Button>
      </div>
    </form>
  );
}

/**
 * /Need-help/Contact-us: a message to support, sent by e-mail through the server. Success says so in a banner and
 * empties the form; a failure says why and keeps every word typed.
 */
export function ContactPage() {
  const { user } = useUserState();
  const { notify } = useBanners();
  const [round, setRound] = useState(0);
  const [lastReplyTo, setLastReplyTo] = useState<string | null>(null);

  return (
    <div className={styles.page}>
      <HelpHeader title="Contact us" description="Write to support about anything in Halcyon. We reply by e-mail." />
      <ContactForm
        key={round}
        replyTo={lastReplyTo ?? user?.email ?? ''}
        onSent={(replyTo) => {
          notify({ variant: 'success', message: CONTACT_SENT_MESSAGE });
          setLastReplyTo(replyTo);
          setRound((n) => n + 1);
        }}
      />
    </div>
  );
}
