import { FORM_LINK_MESSAGES, type FormAnswers, type PublicForm } from '@halcyon/api/contract';
import { useApiClient } from '@halcyon/api/swr';
import { Button } from '@halcyon/design-system';
import { FormFill } from '@halcyon/modals';
import { useParams } from 'react-router-dom';
import { PageLoading } from '../../app/PageLoading';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';
import { PublicLinkFailed, PublicThanks, usePublicAnswers } from '../../features/public/publicAnswers';
import { useOnce } from '../../features/public/useOnce';
import styles from '../../features/public/form.module.css';

/**
 * /Form/{token}: a client fills in the form their therapist sent from the template library, without signing in. The
 * form is the library's own fillable form (FormFill); the answers are sent once, then a thank-you. A used or expired
 * link says so plainly.
 */
export function FormPage() {
  const { token = '' } = useParams();
  const client = useApiClient();
  const loaded = useOnce(`form:${token}`, () => client.call('publicForm', { params: { token } }));

  if (loaded.status === 'pending') return <PageLoading label="Opening your form…" />;
  if (loaded.status === 'failed')
    return (
      <PublicLinkFailed error={loaded.error} couldNotOpen="This form could not be opened. Please try again later." />
    );
  if (!loaded.value) return <PublicLinkFailed error={null} couldNotOpen={FORM_LINK_MESSAGES.linkInvalid} />;
  return <Fill token={token} form={loaded.value} />;
}

function Fill({ token, form }: { token: string; form: PublicForm }) {
  const client = useApiClient();
  const { formError, submitting, done, send } = usePublicAnswers(FORM_LINK_MESSAGES.thanks);
  const submit = (answers: FormAnswers) =>
    send(() => client.call('submitPublicForm', { params: { token }, body: { answers } }));

  if (done) return <PublicThanks message={done} />;

  return (
    <PublicLayout
      wide
      title={form.name}
      description={`${form.practiceName} has asked you to fill in this form.${form.description ? ` ${form.description}` : ''}`}
    >
      <FormFill
        definition={form.definition}
        headingLevel={2}
        onSubmit={submit}
        disabled={submitting}
        footer={
          <>
            {formError && <FormMessage tone="error">{formError}</FormMessage>}
            <p className={styles.muted}>Your answers go to your therapist and are kept with your records.</p>
            <Button type="submit" loading={submitting} disabled={submitting}>
              Send my answers
            </Button>
          </>
        }
      />
    </PublicLayout>
  );
}
