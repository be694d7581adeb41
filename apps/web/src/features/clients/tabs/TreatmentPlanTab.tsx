import type { TreatmentPlanSummary } from '@halcyon/api/contract';
import { useClientRoute, useMutation, useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import {
  Badge,
  Button,
  Card,
  DataTable,
  EmptyState,
  Sensitive,
  Skeleton,
  useBanners,
  type DataTableColumn,
} from '@halcyon/design-system';
import { LoadError, useModal } from '@halcyon/modals';
import { useCallback, useMemo, useState } from 'react';
import { formatDate, formatDateTime } from '@halcyon/api/time';
import { ListChecks } from '../../../app/icons';
import styles from '../clients.module.css';
import { TreatmentPlanReviewView, TreatmentPlanView } from './TreatmentPlanView';
import type { ClientTabProps } from './types';

/**
 * The Treatment plan tab of /Clients/{id} (CATALOG.md): the current plan with its goals and objectives, the version
 * history (view an old version, make it current, edit it as a new version), and the plan reviews.
 */
export function TreatmentPlanTab({ clientId }: ClientTabProps) {
  const modal = useModal();
  const { notify } = useBanners();
  const timeZone = usePracticeTimeZone();
  const byClient = (id: number) => ({ params: { clientId: id } });
  const plans = useClientRoute('listTreatmentPlans', clientId, byClient);
  const reviews = useClientRoute('listTreatmentPlanReviews', clientId, byClient);
  const items = useMemo(() => plans.data?.items ?? [], [plans.data]);
  const current = items.find((plan) => plan.isCurrentVersion);
  const [viewingId, setViewingId] = useState<number | null>(null);
  const currentPlan = useRoute('getTreatmentPlan', current ? { params: { planId: current.id } } : null);
  const viewing = useRoute(
    'getTreatmentPlan',
    viewingId !== null && viewingId !== current?.id ? { params: { planId: viewingId } } : null,
  );
  const { trigger: makeCurrent } = useMutation('setCurrentTreatmentPlan');

  // A save in a modal reloads the plans and reviews shown here by itself (the writes' reads, from the contract).
  const newPlan = () => modal.open('treatment-plan', { clientId });
  const editPlan = useCallback(
    (planId: number) => modal.open('treatment-plan-editor', { clientId, treatmentPlanId: planId }),
    [clientId, modal],
  );
  const recordReview = (planId: number) => modal.open('treatment-plan-review', { clientId, treatmentPlanId: planId });

  const columns = useMemo<DataTableColumn<TreatmentPlanSummary>[]>(() => {
    const setCurrent = async (plan: TreatmentPlanSummary) => {
      try {
        await makeCurrent({ params: { planId: plan.id } });
        notify({ variant: 'success', message: `Version ${plan.treatmentPlanVersion} is now the current plan.` });
      } catch {
        notify({ variant: 'error', message: 'The plan could not be made current. Please try again.' });
      }
    };
    const remove = (plan: TreatmentPlanSummary) =>
      modal.open('delete-item', {
        kind: 'treatment-plan',
        route: 'deleteTreatmentPlan',
        params: { planId: plan.id },
        name: `version ${plan.treatmentPlanVersion}`,
        onDeleted: () => setViewingId(null),
      });
    return [
      { id: 'version', header: 'Version', accessorKey: 'treatmentPlanVersion' },
      {
        id: 'title',
        header: 'Title',
        accessorKey: 'title',
        cell: ({ row }) => (
          <span className={styles.inline}>
            <Sensitive>{row.original.title}</Sensitive>
            {row.original.isCurrentVersion && <Badge variant="success">Current</Badge>}
          </span>
        ),
      },
      { id: 'goals', header: 'Goals', accessorKey: 'goalCount' },
      {
        id: 'saved',
        header: 'Saved',
        accessorKey: 'treatmentPlanCreationDate',
        cell: ({ row }) =>
          `${formatDateTime(row.original.treatmentPlanCreationDate, timeZone)}${row.original.createdByName ? ` by ${row.original.createdByName}` : ''}`,
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => {
          const plan = row.original;
          const label = `version ${plan.treatmentPlanVersion}`;
          return (
            <span className={styles.inline}>
              <Button variant="ghost" size="sm" onClick={() => setViewingId(plan.id)} aria-label={`View ${label}`}>
                View
              </Button>
              {!plan.isCurrentVersion && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => void setCurrent(plan)}
                  aria-label={`Make current: ${label}`}
                >
                  Make current
                </Button>
              )}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => editPlan(plan.id)}
                aria-label={`Edit as new version: ${label}`}
              >
                Edit as new version
              </Button>
              <Button variant="ghost" size="sm" onClick={() => remove(plan)} aria-label={`Delete ${label}`}>
                Delete
              </Button>
            </span>
          );
        },
      },
    ];
  }, [editPlan, modal, makeCurrent, notify, timeZone]);

  if (plans.view === 'error') {
    return <LoadError what="the treatment plans" error={plans.error} onRetry={plans.retry} />;
  }
  if (!plans.data) {
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton width="60%" />
        <Skeleton width="80%" />
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<ListChecks />}
        title="No treatment plan yet"
        description="Create the first plan with the problems, goals and objectives you agreed with the client."
        action={<Button onClick={newPlan}>New plan</Button>}
      />
    );
  }

  const viewed = viewingId === null ? null : viewingId === current?.id ? null : viewing.data;
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <p className={styles.text}>
          Edits are saved as new versions, so every earlier version stays readable. Only one version is current.
        </p>
        <span className={styles.actions}>
          <Button variant="secondary" onClick={newPlan}>
            New plan
          </Button>
          {current && (
            <>
              <Button variant="secondary" onClick={() => recordReview(current.id)}>
                Record review
              </Button>
              <Button onClick={() => editPlan(current.id)}>Edit (new version)</Button>
            </>
          )}
        </span>
      </div>

      <Card>
        <Card.Header className={styles.cardHeader}>
          <Card.Title as="h2">
            {current ? `Current plan: version ${current.treatmentPlanVersion}` : 'Current plan'}
          </Card.Title>
          {current && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                modal.open('treatment-plan-goal', {
                  clientId,
                  treatmentPlanId: current.id,
                })
              }
            >
              Add goal
            </Button>
          )}
        </Card.Header>
        <Card.Body>
          {!current ? (
            <EmptyState
              headingLevel={3}
              title="No plan is current"
              description="Make a version below current with “Make current”, or create a new plan."
            />
          ) : currentPlan.data ? (
            <TreatmentPlanView
              plan={currentPlan.data}
              timeZone={timeZone}
              onEditGoal={(goal) =>
                modal.open('treatment-plan-goal', {
                  clientId,
                  treatmentPlanId: current.id,
                  id: goal.id,
                })
              }
            />
          ) : (
            <Skeleton width="70%" />
          )}
        </Card.Body>
      </Card>

      {viewingId !== null && viewingId !== current?.id && (
        <Card aria-label="Earlier version">
          <Card.Header className={styles.cardHeader}>
            <Card.Title as="h2">
              {viewed ? `Version ${viewed.treatmentPlanVersion} (read only)` : 'Earlier version'}
            </Card.Title>
            <Button variant="ghost" size="sm" onClick={() => setViewingId(null)}>
              Close version
            </Button>
          </Card.Header>
          <Card.Body>
            {viewed ? (
              <TreatmentPlanView plan={viewed} timeZone={timeZone} />
            ) : viewing.data === null || viewing.error ? (
              <p className={styles.muted}>This version could not be loaded: it may have been deleted.</p>
            ) : (
              <Skeleton width="70%" />
            )}
          </Card.Body>
        </Card>
      )}

      <Card>
        <Card.Header>
          <Card.Title as="h2">Version history</Card.Title>
        </Card.Header>
        <Card.Body>
          <DataTable
            caption="Treatment plan versions"
            hideCaption
            data={items}
            columns={columns}
            getRowId={(plan) => String(plan.id)}
          />
        </Card.Body>
      </Card>

      <Card>
        <Card.Header className={styles.cardHeader}>
          <Card.Title as="h2">Reviews</Card.Title>
          {current && (
            <Button variant="ghost" size="sm" onClick={() => recordReview(current.id)}>
              Record review
            </Button>
          )}
        </Card.Header>
        <Card.Body>
          {reviews.data ? (
            reviews.data.items.length ? (
              <ul className={styles.plainList} aria-label="Plan reviews">
                {reviews.data.items.map((review) => (
                  <TreatmentPlanReviewView
                    key={review.id}
                    review={review}
                    timeZone={timeZone}
                    onDelete={(chosen) =>
                      modal.open('delete-item', {
                        kind: 'treatment-plan-review',
                        route: 'deleteTreatmentPlanReview',
                        params: { reviewId: chosen.id },
                        name: `version ${chosen.treatmentPlanVersionReviewed}, ${formatDate(chosen.reviewDate, timeZone)}`,
                      })
                    }
                  />
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>
                No reviews yet. Review the plan with the client at its review date with “Record review”.
              </p>
            )
          ) : reviews.view === 'error' ? (
            <LoadError what="the reviews" error={reviews.error} onRetry={reviews.retry} />
          ) : (
            <Skeleton width="50%" />
          )}
        </Card.Body>
      </Card>
    </div>
  );
}
