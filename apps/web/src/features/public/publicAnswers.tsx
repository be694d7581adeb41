import { isApiError } from '@halcyon/api/client';
import { useState } from 'react';
import { FormMessage, PublicLayout } from './PublicLayout';
import styles from './form.module.css';

/** The page of a public link that could not be opened: the server's words (used, expired), or the page's own. */
export function PublicLinkFailed({ error, couldNotOpen }: { error: unknown; couldNotOpen: string }) {
  return (
    <PublicLayout title="This link does not work">
      <FormMessage tone="error">{isApiError(error) ? error.message : couldNotOpen}</FormMessage>
    </PublicLayout>
  );
}

/**
 * Sending a client's answers from a public link (a form, a questionnaire) once: while it is sent, the answers stay in
 * the page's own form, so nothing typed is lost when sending fails; once sent, `done` holds the server's thank-you.
 */
export function usePublicAnswers(thanks: string) {
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const send = async (call: () => Promise<{ detail?: string } | null | undefined>) => {
    setSubmitting(true);
    setFormError(null);
    try {
      const answer = await call();
      setDone(answer?.detail ?? thanks);
    } catch (error) {
      setFormError(isApiError(error) ? error.message : 'Your answers could not be sent. Please try again.');
    } finally {
      setSubmitting(false);
    }
  };
  return { formError, setFormError, submitting, done, send };
}

/** The thank-you once a client's answers are sent. */
export function PublicThanks({ message }: { message: string }) {
  return (
    <PublicLayout title="Thank you">
      <FormMessage tone="success">{message}</FormMessage>
      <p className={styles.muted}>You can close this page now.</p>
    </PublicLayout>
  );
}
