import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_RATING_MAX,
  FEEDBACK_SAVED_MESSAGE,
  feedbackBodySchema,
  type Feedback,
} from '@halcyon/api/contract';
import { useMutation, useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import {
  Button,
  Card,
  countOf,
  EmptyState,
  Pagination,
  RadioGroup,
  TextArea,
  useBanners,
} from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { formatDateTime } from '@halcyon/api/time';
import { useUserState } from '../../app/userStore';
import { FormError } from '../../features/help/FormError';
import { HelpHeader } from '../../features/help/HelpHeader';
import { MessageSquareHeart } from '../../features/help/icons';
import { Stars } from '../../features/help/Stars';
import styles from '../../features/help/help.module.css';

export const RATING_OPTIONS = [
  { value: '1', label: '1: Very poor' },
  { value: '2', label: '2: Poor' },
  { value: '3', label: '3: Fair' },
  { value: '4', label: '4: Good' },
  { value: '5', label: '5: Excellent' },
] as const;

function FeedbackForm({ onSaved }: { onSaved: () => void }) {
  const give = useMutation('helpFeedback');
  const form = useContractForm(feedbackBodySchema, {
    defaultValues: { comment: '' },
    submit: async ({ rating, comment }) => {
      await give.trigger({ body: { rating, ...(comment ? { comment } : {}) } });
      onSaved();
    },
  });

  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-label="Feedback">
      {form.submitError && (
        <FormError>
          Your feedback was not saved. {form.submitError} What you wrote is still here, so you can try again.
        </FormError>
      )}
      <Controller
        control={form.form.control}
        name="rating"
        render={({ field }) => (
          <RadioGroup
            label="How would you rate Halcyon?"
            hint={`1 is very poor, ${FEEDBACK_RATING_MAX} is excellent.`}
            name={field.name}
            required
            orientation="horizontal"
            options={RATING_OPTIONS}
            value={field.value === undefined ? '' : String(field.value)}
            onValueChange={(value) => field.onChange(Number(value))}
            error={form.errorOf('rating')}
          />
        )}
      />
      <TextArea
        label="Comment"
        hint="What works well for you, and what should we improve? Please do not include client names or clinical details."
        rows={6}
        maxLength={FEEDBACK_COMMENT_MAX}
        showCount
        {...form.field('comment')}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={form.busy}>
          {form.busy ? 'Sending…' : 'Send feedback'}
        </Button>
      </div>
    </form>
  );
}

function authorOf(feedback: Feedback): string {
  if (!feedback.author) return 'A former member';
  return `${feedback.author.firstName} ${feedback.author.lastName}`.trim();
}

/** The Admin's view: every piece of feedback the practice gave, newest first, with the mean rating. */
function PracticeFeedback() {
  const [page, setPage] = useState(1);
  const list = useRoute('helpFeedbackList', page > 1 ? { query: { page } } : undefined);
  const timeZone = usePracticeTimeZone();
  const data = list.data;

  return (
    <section aria-labelledby="practice-feedback-heading">
      <Card>
        <Card.Header>
          <Card.Title as="h2" id="practice-feedback-heading">
            Feedback from your practice
          </Card.Title>
        </Card.Header>
        <Card.Body>
          {list.error && !data ? (
            <div className={styles.row}>
              <p className={styles.muted}>The feedback could not be loaded.</p>
              <Button variant="secondary" size="sm" onClick={() => void list.reload()}>
                Try again
              </Button>
            </div>
          ) : !data ? (
            <p className={styles.muted} role="status">
              Loading feedback…
            </p>
          ) : data.total === 0 ? (
            <EmptyState
              headingLevel={3}
              icon={<MessageSquareHeart />}
              title="No feedback yet"
              description="When members of your practice send feedback with the form above, it appears here, newest first."
            />
          ) : (
            <>
              <p className={styles.muted}>
                {countOf(data.total, { one: 'response', other: 'responses' })}
                {data.averageRating !== null && `, average rating ${data.averageRating} out of ${FEEDBACK_RATING_MAX}`}.
              </p>
              <ul className={styles.feedbackList} aria-label="Feedback, newest first">
                {data.items.map((feedback) => (
                  <li key={feedback.id} className={styles.feedbackItem}>
                    <Stars rating={feedback.rating} />
                    {feedback.comment ? (
                      <p className={styles.comment}>{feedback.comment}</p>
                    ) : (
                      <p className={styles.muted}>No comment.</p>
                    )}
                    <p className={styles.muted}>
                      {authorOf(feedback)}, {formatDateTime(feedback.createdAt, timeZone)}
                    </p>
                  </li>
                ))}
              </ul>
              {data.total > data.pageSize && (
                <Pagination
                  label="Feedback pages"
                  page={page}
                  onPageChange={setPage}
                  total={data.total}
                  pageSize={data.pageSize}
                />
              )}
            </>
          )}
        </Card.Body>
      </Card>
    </section>
  );
}

/**
 * /Need-help/Feedback-form: a rating from 1 to 5 and a comment, stored for the practice. Admins see the practice's
 * feedback below the form.
 */
export function FeedbackPage() {
  const { user } = useUserState();
  const { notify } = useBanners();
  const [round, setRound] = useState(0);

  return (
    <div className={styles.page}>
      <HelpHeader
        title="Feedback form"
        description="Tell us how Halcyon works for you. Your practice's Admins can read the feedback you send."
      />
      <FeedbackForm
        key={round}
        onSaved={() => {
          notify({ variant: 'success', message: FEEDBACK_SAVED_MESSAGE });
          setRound((n) => n + 1);
        }}
      />
      {user?.role === 'Admin' && <PracticeFeedback />}
    </div>
  );
}
