import {
  CONTACT_SENT_MESSAGE,
  emailField,
  HELP_MESSAGE_MAX,
  HELP_SUBJECT_MAX,
  helpMessageField,
  helpSubjectField,
} from '@halcyon/api/contract';
import { useMutation } from '@halcyon/api/swr';
import { Button, TextArea, TextField, useBanners } from '@halcyon/design-system';
import { useEffect, useRef, useState } from 'react';
import { useUserState } from '../../app/userStore';
import { fromSchema, useForm } from '../../features/forms/useForm';
import { FormError } from '../../features/help/FormError';
import { HelpHeader } from '../../features/help/HelpHeader';
import styles from '../../features/help/help.module.css';

interface ContactValues extends Record<string, string> {
  subject: string;
  message: string;
  reply_to: string;
}

// The contract's schemas, so the browser gives the same messages as the server.
const validators = {
  subject: fromSchema<ContactValues>(helpSubjectField),
  message: fromSchema<ContactValues>(helpMessageField),
  reply_to: fromSchema<ContactValues>(emailField),
};

function ContactForm({ replyTo, onSent }: { replyTo: string; onSent: (replyTo: string) => void }) {
  const send = useMutation('helpContact');
  const form = useForm<ContactValues>({ initialValues: { subject: '', message: '', reply_to: replyTo }, validators });
  const { setValue, values } = form;

  // The signed-in user's address, once known, unless something was typed already.
  const prefilled = useRef(Boolean(replyTo));
  useEffect(() => {
    if (prefilled.current || !replyTo) return;
    prefilled.current = true;
    if (!values.reply_to) setValue('reply_to', replyTo);
  }, [replyTo, values.reply_to, setValue]);

  const onSubmit = form.handleSubmit(async (typed) => {
    await send.trigger({ body: typed });
    onSent(typed.reply_to);
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Contact us">
      {form.formError && (
        <FormError>
          Your message was not sent. {form.formError} What you wrote is still here, so you can try again.
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
        {...form.field('reply_to')}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? 'Sending…' : 'Send message'}
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
