import { isApiError } from '@halcyon/api/client';
import { Button } from '@halcyon/design-system';
import { useState, type ReactNode } from 'react';
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
 * The page of a public link whose read failed: a link that no longer works (404, 410) says why in the server's words; a
 * failed connection says so under `title` and offers Retry (nothing the client wrote is lost: it is kept by the page).
 */
export function PublicReadFailed({
  error,
  title,
  onRetry,
  footer,
}: {
  error: unknown;
  title: string;
  onRetry: () => void;
  footer?: ReactNode;
}) {
  const status = isApiError(error) ? error.status : 0;
  const linkProblem = status === 404 || status === 410;
  return (
    <PublicLayout title={linkProblem ? 'This link does not work' : title} footer={footer}>
      <FormMessage tone="error">
        {linkProblem && isApiError(error)
          ? error.message
          : 'Check your connection, then try again. Nothing you wrote has been lost.'}
      </FormMessage>
      {!linkProblem && (
        <Button variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      )}
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
