import { useSearchParams } from 'react-router-dom';
import {
  RISK_ASSESSMENT_LEVEL_LABELS,
  RISK_ITEM_CATEGORY_LABELS,
  type RiskAssessmentVersion,
  type RiskItem,
  type SafetyPlanVersion,
} from '@halcyon/api/contract';
import { useClientRoute, useMutation, useRoute } from '@halcyon/api/swr';
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
import { useMemo, useState, type ReactNode } from 'react';
import { HeartPulse, TriangleAlert } from '../../../app/icons';
import { formatDate, formatDateTime } from '../format';
import { usePracticeTimeZone } from '../usePracticeTimeZone';
import styles from '../clients.module.css';
import { RiskAssessmentView, RiskLevelBadge, SafetyPlanView } from './RiskViews';
import type { ClientTabProps } from './types';

const SEVERITY_VARIANT = { low: 'info', medium: 'warning', high: 'danger' } as const;
const SEVERITY_LABEL = { low: 'Low', medium: 'Medium', high: 'High' } as const;

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <Card.Header className={styles.cardHeader}>
        <Card.Title as="h2">{title}</Card.Title>
        {action}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}

/**
 * The Risk tab of /Clients/{id} (CATALOG.md): the current risk assessment with its overall level and its earlier
 * versions, the risk log (add, edit, close, delete), and the safety plan with its versions.
 */
export function RiskTab({ clientId }: ClientTabProps) {
  const modal = useModal();
  const { notify } = useBanners();
  const timeZone = usePracticeTimeZone();
  const byClient = (id: number) => ({ params: { clientId: id } });
  const assessment = useClientRoute('getCurrentRiskAssessment', clientId, byClient);
  const assessmentVersions = useClientRoute('listRiskAssessmentVersions', clientId, byClient);
  const log = useClientRoute('listRiskLog', clientId, byClient);
  const safetyPlan = useClientRoute('getCurrentSafetyPlan', clientId, byClient);
  const safetyVersions = useClientRoute('listSafetyPlanVersions', clientId, byClient);
  // A notification about an overdue review links here with `?assessment=<id>`: that version opens at once.
  const [params] = useSearchParams();
  const linked = Number(params.get('assessment'));
  const [viewAssessmentId, setViewAssessmentId] = useState<number | null>(
    Number.isInteger(linked) && linked > 0 ? linked : null,
  );
  const [viewSafetyId, setViewSafetyId] = useState<number | null>(null);
  const viewedAssessment = useRoute(
    'getRiskAssessment',
    viewAssessmentId ? { params: { id: viewAssessmentId } } : null,
  );
  const viewedSafety = useRoute('getSafetyPlan', viewSafetyId ? { params: { id: viewSafetyId } } : null);
  const { trigger: setStatus } = useMutation('setRiskItemStatus');

  const reloadAssessments = () => {
    void assessment.reload();
    void assessmentVersions.reload();
  };
  const reloadSafety = () => {
    void safetyPlan.reload();
    void safetyVersions.reload();
  };
  const { reload: reloadLog } = log;
  const assess = (previousVersionId?: number) =>
    modal.open('risk-assessment', { clientId, previousVersionId, onSaved: reloadAssessments });
  const editSafetyPlan = (previousVersionId?: number) =>
    modal.open('safety-plan', { clientId, previousVersionId, onSaved: reloadSafety });
  const addItem = () => modal.open('risk-item', { clientId, onSaved: () => void reloadLog() });

  const assessmentColumns = useMemo<DataTableColumn<RiskAssessmentVersion>[]>(
    () => [
      { id: 'version', header: 'Version', accessorKey: 'version' },
      {
        id: 'level',
        header: 'Overall level',
        accessorKey: 'overallLevel',
        cell: ({ row }) => (
          <span className={styles.inline}>
            <RiskLevelBadge level={row.original.overallLevel} />
            {row.original.isCurrent && <Badge variant="success">Current</Badge>}
          </span>
        ),
      },
      {
        id: 'assessedOn',
        header: 'Assessed on',
        accessorKey: 'assessedOn',
        cell: ({ row }) => formatDate(row.original.assessedOn, timeZone),
      },
      { id: 'by', header: 'By', accessorFn: (v) => v.createdByName ?? '' },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => {
          const label = `risk assessment version ${row.original.version}`;
          return (
            <span className={styles.inline}>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setViewAssessmentId(row.original.id)}
                aria-label={`View ${label}`}
              >
                View
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => assess(row.original.id)}
                aria-label={`Start a new version from ${label}`}
              >
                Start from this
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete ${label}`}
                onClick={() =>
                  modal.open('delete-item', {
                    kind: 'risk-assessment',
                    route: 'deleteRiskAssessment',
                    params: { id: row.original.id },
                    name: `version ${row.original.version}`,
                    onDeleted: () => {
                      setViewAssessmentId(null);
                      reloadAssessments();
                    },
                  })
                }
              >
                Delete
              </Button>
            </span>
          );
        },
      },
    ],
    // assess and reloadAssessments only close over stable values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [modal, timeZone],
  );

  const logColumns = useMemo<DataTableColumn<RiskItem>[]>(() => {
    const toggle = async (item: RiskItem) => {
      const status = item.status === 'open' ? 'closed' : 'open';
      try {
        await setStatus({ params: { id: item.id }, body: { status, version: item.version } });
        notify({ variant: 'success', message: status === 'closed' ? 'Risk item closed.' : 'Risk item reopened.' });
      } catch (error) {
        const message =
          error instanceof Error ? error.message : 'The risk item could not be changed. Please try again.';
        notify({ variant: 'error', message });
        void reloadLog();
      }
    };
    return [
      { id: 'date', header: 'Date', accessorKey: 'date', cell: ({ row }) => formatDate(row.original.date, timeZone) },
      { id: 'category', header: 'Category', accessorFn: (item) => RISK_ITEM_CATEGORY_LABELS[item.category] },
      {
        id: 'severity',
        header: 'Severity',
        accessorKey: 'severity',
        cell: ({ row }) => (
          <Badge variant={SEVERITY_VARIANT[row.original.severity]}>{SEVERITY_LABEL[row.original.severity]}</Badge>
        ),
      },
      {
        id: 'description',
        header: 'Description and action taken',
        enableSorting: false,
        cell: ({ row }) => (
          <span className={styles.fact}>
            <Sensitive>{row.original.description}</Sensitive>
            {row.original.actionTaken && <Sensitive className={styles.muted}>{row.original.actionTaken}</Sensitive>}
          </span>
        ),
      },
      {
        id: 'review',
        header: 'Review date',
        accessorKey: 'reviewDate',
        cell: ({ row }) => formatDate(row.original.reviewDate, timeZone) || '—',
      },
      {
        id: 'status',
        header: 'Status',
        accessorKey: 'status',
        cell: ({ row }) =>
          row.original.status === 'open' ? <Badge variant="warning">Open</Badge> : <Badge>Closed</Badge>,
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => {
          const item = row.original;
          const label = `risk item of ${formatDate(item.date, timeZone)}`;
          return (
            <span className={styles.inline}>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Edit ${label}`}
                onClick={() => modal.open('risk-item', { clientId, id: item.id, onSaved: () => void reloadLog() })}
              >
                Edit
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`${item.status === 'open' ? 'Close' : 'Reopen'} ${label}`}
                onClick={() => void toggle(item)}
              >
                {item.status === 'open' ? 'Close' : 'Reopen'}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete ${label}`}
                onClick={() =>
                  modal.open('delete-item', {
                    kind: 'risk-item',
                    route: 'deleteRiskItem',
                    params: { id: item.id },
                    name: `${RISK_ITEM_CATEGORY_LABELS[item.category]}, ${formatDate(item.date, timeZone)}`,
                    onDeleted: () => void reloadLog(),
                  })
                }
              >
                Delete
              </Button>
            </span>
          );
        },
      },
    ];
  }, [clientId, modal, notify, reloadLog, setStatus, timeZone]);

  const safetyColumns = useMemo<DataTableColumn<SafetyPlanVersion>[]>(
    () => [
      {
        id: 'version',
        header: 'Version',
        accessorKey: 'version',
        cell: ({ row }) => (
          <span className={styles.inline}>
            {row.original.version}
            {row.original.isCurrent && <Badge variant="success">Current</Badge>}
          </span>
        ),
      },
      {
        id: 'saved',
        header: 'Saved',
        accessorKey: 'createdAt',
        cell: ({ row }) =>
          `${formatDateTime(row.original.createdAt, timeZone)}${row.original.createdByName ? ` by ${row.original.createdByName}` : ''}`,
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => {
          const label = `safety plan version ${row.original.version}`;
          return (
            <span className={styles.inline}>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setViewSafetyId(row.original.id)}
                aria-label={`View ${label}`}
              >
                View
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete ${label}`}
                onClick={() =>
                  modal.open('delete-item', {
                    kind: 'safety-plan',
                    route: 'deleteSafetyPlan',
                    params: { id: row.original.id },
                    name: `version ${row.original.version}`,
                    onDeleted: () => {
                      setViewSafetyId(null);
                      reloadSafety();
                    },
                  })
                }
              >
                Delete
              </Button>
            </span>
          );
        },
      },
    ],
    // reloadSafety only closes over stable values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [modal, timeZone],
  );

  const loading = <Skeleton width="60%" />;
  const failed = (what: string, resource: { error: unknown; retry: () => unknown }) => (
    <LoadError what={what} error={resource.error} onRetry={resource.retry} headingLevel={3} />
  );
  const current = assessment.data;
  const currentSafety = safetyPlan.data;

  return (
    <div className={styles.stack}>
      <Section
        title="Current risk assessment"
        action={
          current ? (
            <span className={styles.inline}>
              <RiskLevelBadge level={current.overallLevel} />
              <Button size="sm" onClick={() => assess()}>
                Update (new version)
              </Button>
            </span>
          ) : undefined
        }
      >
        {current === undefined ? (
          assessment.view === 'error' ? (
            failed('the risk assessment', assessment)
          ) : (
            loading
          )
        ) : current === null ? (
          <EmptyState
            headingLevel={3}
            icon={<TriangleAlert />}
            title="No risk assessment yet"
            description={`Assess risk by area and record an overall level (now: ${RISK_ASSESSMENT_LEVEL_LABELS.none.toLowerCase()}) and a management plan.`}
            action={<Button onClick={() => assess()}>Assess risk</Button>}
          />
        ) : (
          <RiskAssessmentView assessment={current} timeZone={timeZone} />
        )}
      </Section>

      {viewAssessmentId !== null && viewAssessmentId !== current?.id && (
        <Section
          title={
            viewedAssessment.data
              ? `Risk assessment version ${viewedAssessment.data.version} (read only)`
              : 'Earlier risk assessment'
          }
          action={
            <Button variant="ghost" size="sm" onClick={() => setViewAssessmentId(null)}>
              Close version
            </Button>
          }
        >
          {viewedAssessment.data ? (
            <RiskAssessmentView assessment={viewedAssessment.data} timeZone={timeZone} />
          ) : viewedAssessment.view === 'error' ? (
            failed('this version', viewedAssessment)
          ) : viewedAssessment.data === null ? (
            <p className={styles.muted}>This version is no longer there: it may have been deleted.</p>
          ) : (
            loading
          )}
        </Section>
      )}

      {(assessmentVersions.data?.items.length ?? 0) > 0 && (
        <Section title="Risk assessment versions">
          <DataTable
            caption="Risk assessment versions"
            hideCaption
            data={assessmentVersions.data?.items ?? []}
            columns={assessmentColumns}
            getRowId={(v) => String(v.id)}
          />
        </Section>
      )}

      <Section
        title="Risk log"
        action={
          <Button size="sm" onClick={addItem}>
            Add risk item
          </Button>
        }
      >
        <DataTable
          caption="Risk log"
          hideCaption
          data={log.data?.items ?? []}
          columns={logColumns}
          getRowId={(item) => String(item.id)}
          loading={log.view === 'loading'}
          emptyState={
            log.view === 'error' ? (
              <LoadError what="the risk log" error={log.error} onRetry={log.retry} />
            ) : (
              <EmptyState
                title="No risk items"
                description="Record incidents and concerns, what you did and when to review them, with “Add risk item”."
                action={<Button onClick={addItem}>Add risk item</Button>}
              />
            )
          }
        />
      </Section>

      <Section
        title="Safety plan"
        action={
          currentSafety ? (
            <Button size="sm" onClick={() => editSafetyPlan()}>
              Update (new version)
            </Button>
          ) : undefined
        }
      >
        {currentSafety === undefined ? (
          safetyPlan.view === 'error' ? (
            failed('the safety plan', safetyPlan)
          ) : (
            loading
          )
        ) : currentSafety === null ? (
          <EmptyState
            headingLevel={3}
            icon={<HeartPulse />}
            title="No safety plan yet"
            description="Write it with the client: warning signs, coping strategies, people to contact and reasons for living."
            action={<Button onClick={() => editSafetyPlan()}>Create safety plan</Button>}
          />
        ) : (
          <SafetyPlanView plan={currentSafety} timeZone={timeZone} />
        )}
      </Section>

      {viewSafetyId !== null && (
        <Section
          title={
            viewedSafety.data ? `Safety plan version ${viewedSafety.data.version} (read only)` : 'Earlier safety plan'
          }
          action={
            <span className={styles.inline}>
              {viewedSafety.data && !viewedSafety.data.isCurrent && (
                <Button variant="ghost" size="sm" onClick={() => editSafetyPlan(viewSafetyId)}>
                  Start from this version
                </Button>
              )}
              <Button variant="ghost" size="sm" onClick={() => setViewSafetyId(null)}>
                Close version
              </Button>
            </span>
          }
        >
          {viewedSafety.data ? (
            <SafetyPlanView plan={viewedSafety.data} timeZone={timeZone} />
          ) : viewedSafety.view === 'error' ? (
            failed('this version', viewedSafety)
          ) : viewedSafety.data === null ? (
            <p className={styles.muted}>This version is no longer there: it may have been deleted.</p>
          ) : (
            loading
          )}
        </Section>
      )}

      {(safetyVersions.data?.items.length ?? 0) > 0 && (
        <Section title="Safety plan versions">
          <DataTable
            caption="Safety plan versions"
            hideCaption
            data={safetyVersions.data?.items ?? []}
            columns={safetyColumns}
            getRowId={(v) => String(v.id)}
          />
        </Section>
      )}
    </div>
  );
}
