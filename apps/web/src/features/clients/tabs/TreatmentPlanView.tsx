import {
  TREATMENT_GOAL_PROGRESS_LABELS,
  TREATMENT_GOAL_STATUS_LABELS,
  TREATMENT_REVIEW_OUTCOME_LABELS,
  type TreatmentGoal,
  type TreatmentPlan,
  type TreatmentPlanReview,
} from '@halcyon/api/contract';
import { Badge, Button, Sensitive, type BadgeVariant } from '@halcyon/design-system';
import { formatDate, formatDateTime } from '@halcyon/api/time';
import { Facts } from '../Facts';
import styles from '../clients.module.css';

const STATUS_VARIANT: Record<TreatmentGoal['status'], BadgeVariant> = {
  'not started': 'neutral',
  'in progress': 'info',
  achieved: 'success',
  discontinued: 'warning',
};

/** A goal's status as a badge: not started, in progress, achieved or discontinued. */
export function GoalStatusBadge({ status }: { status: TreatmentGoal['status'] }) {
  return <Badge variant={STATUS_VARIANT[status]}>{TREATMENT_GOAL_STATUS_LABELS[status]}</Badge>;
}

/** A goal with its objectives, interventions, frequency, target date, measure and status. */
function GoalView({
  goal,
  index,
  timeZone,
  onEdit,
}: {
  goal: TreatmentGoal;
  index: number;
  timeZone?: string;
  onEdit?: (goal: TreatmentGoal) => void;
}) {
  return (
    <li className={styles.stack}>
      <div className={styles.cardHeader}>
        <h3 className={styles.itemHeading}>
          Goal {index + 1}: <Sensitive>{goal.description}</Sensitive>
        </h3>
        <span className={styles.inline}>
          <GoalStatusBadge status={goal.status} />
          {onEdit && (
            <Button variant="ghost" size="sm" onClick={() => onEdit(goal)} aria-label={`Edit goal ${index + 1}`}>
              Edit
            </Button>
          )}
        </span>
      </div>
      {goal.objectives.length > 0 ? (
        <ul className={styles.plainList} aria-label={`Objectives of goal ${index + 1}`}>
          {goal.objectives.map((objective, i) => (
            <li key={i} className={styles.inline}>
              <Badge variant={objective.achieved ? 'success' : 'neutral'}>
                {objective.achieved ? 'Achieved' : 'Open'}
              </Badge>
              <Sensitive>{objective.description}</Sensitive>
              {objective.targetDate && (
                <span className={styles.muted}>by {formatDate(objective.targetDate, timeZone)}</span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>No objectives yet.</p>
      )}
      <Facts
        label={`Details of goal ${index + 1}`}
        facts={[
          { label: 'Interventions', value: goal.interventions },
          { label: 'Frequency', value: goal.frequency },
          { label: 'Target date', value: formatDate(goal.targetDate, timeZone) },
          { label: 'Measure', value: goal.measure },
        ]}
      />
    </li>
  );
}

/** A plan version: its facts and goals. */
export function TreatmentPlanView({
  plan,
  timeZone,
  onEditGoal,
}: {
  plan: TreatmentPlan;
  timeZone?: string;
  onEditGoal?: (goal: TreatmentGoal) => void;
}) {
  return (
    <div className={styles.stack}>
      <Facts
        label={`Version ${plan.treatmentPlanVersion}`}
        facts={[
          { label: 'Title', value: plan.title },
          { label: 'Problems', value: plan.problems && <span className={styles.preserve}>{plan.problems}</span> },
          { label: 'Start date', value: formatDate(plan.startDate, timeZone), sensitive: false },
          { label: 'Review by', value: formatDate(plan.reviewDate, timeZone), sensitive: false },
          {
            label: 'Saved',
            value: `${formatDateTime(plan.treatmentPlanCreationDate, timeZone)}${plan.createdByName ? ` by ${plan.createdByName}` : ''}`,
            sensitive: false,
          },
          { label: 'Notes', value: plan.notes && <span className={styles.preserve}>{plan.notes}</span> },
        ]}
      />
      {plan.goals.length > 0 ? (
        <ol className={styles.plainList} aria-label="Goals">
          {plan.goals.map((goal, index) => (
            <GoalView key={goal.id} goal={goal} index={index} timeZone={timeZone} onEdit={onEditGoal} />
          ))}
        </ol>
      ) : (
        <p className={styles.muted}>This version has no goals yet.</p>
      )}
    </div>
  );
}

/** One plan review: the version reviewed, per-goal progress, outcome, next review date. */
export function TreatmentPlanReviewView({
  review,
  timeZone,
  onDelete,
}: {
  review: TreatmentPlanReview;
  timeZone?: string;
  /** Offers Delete (a review recorded by mistake). */
  onDelete?: (review: TreatmentPlanReview) => void;
}) {
  const heading = `Review of version ${review.treatmentPlanVersionReviewed} on ${formatDate(review.reviewDate, timeZone)}`;
  return (
    <li className={styles.stack}>
      <div className={styles.cardHeader}>
        <h3 className={styles.itemHeading}>{heading}</h3>
        <span className={styles.inline}>
          <Badge>{TREATMENT_REVIEW_OUTCOME_LABELS[review.outcome]}</Badge>
          {onDelete && (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete the ${heading.toLowerCase()}`}
              onClick={() => onDelete(review)}
            >
              Delete
            </Button>
          )}
        </span>
      </div>
      {review.goalProgress.length > 0 && (
        <ul className={styles.plainList} aria-label={`Progress on goals, review of ${review.reviewDate}`}>
          {review.goalProgress.map((progress, i) => (
            <li key={i} className={styles.inline}>
              <Badge
                variant={
                  progress.progress === 'achieved' ? 'success' : progress.progress === 'worse' ? 'danger' : 'neutral'
                }
              >
                {TREATMENT_GOAL_PROGRESS_LABELS[progress.progress]}
              </Badge>
              <Sensitive>{progress.goal}</Sensitive>
              {progress.comment && <Sensitive className={styles.muted}>{progress.comment}</Sensitive>}
            </li>
          ))}
        </ul>
      )}
      <Facts
        facts={[
          { label: 'Summary', value: review.summary },
          { label: 'Next review', value: formatDate(review.nextReviewDate, timeZone), sensitive: false },
          { label: 'Recorded by', value: review.createdByName, sensitive: false },
        ]}
      />
    </li>
  );
}
