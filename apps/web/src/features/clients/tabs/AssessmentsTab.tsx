import {
  clinicalRangeText,
  MEASURE_NAME_LIST,
  MEASURES_MESSAGES,
  INITIAL_ASSESSMENT_FIELDS,
  INITIAL_ASSESSMENT_LABELS,
  MEASURES,
  type AssessmentSchedule,
  type AssessmentSummary,
  type InitialAssessment,
  type MeasureInsight,
} from '@halcyon/api/contract';
import { useClientRoute, useMutation } from '@halcyon/api/swr';
import {
  Badge,
  Button,
  Card,
  DataTable,
  type DataTableColumn,
  EmptyState,
  Pagination,
  pageCountOf,
  plural,
  Sensitive,
  Skeleton,
  useBanners,
} from '@halcyon/design-system';
import { LoadError, useModal } from '@halcyon/modals';
import { Suspense, lazy, useMemo, useState } from 'react';
import { formatDate } from '@halcyon/api/time';
import styles from '../clients.module.css';
import own from './AssessmentsTab.module.css';
import { OutcomeBadge, signedChange } from './measureOutcome';
import type { ClientTabProps } from './types';

const AssessmentsTrend = lazy(() => import('./AssessmentsTrend').then((m) => ({ default: m.AssessmentsTrend })));

/** Measures per page of the table (a client seen weekly for years has hundreds). */
const MEASURES_PAGE_SIZE = 10;
/** "every 2 weeks", "after every session", "after every 3 attended sessions" or "once". */
function scheduleRepeat({ repeatEveryWeeks: weeks, repeatEverySessions: sessions }: AssessmentSchedule): string {
  if (weeks) return `every ${plural(weeks, { one: 'week', other: `${weeks} weeks` })}`;
  if (sessions) return `after every ${plural(sessions, { one: 'session', other: `${sessions} attended sessions` })}`;
  return 'once';
}

const BAND_VARIANTS = ['success', 'info', 'warning', 'danger', 'danger'] as const;
const bandVariant = (level: number) => BAND_VARIANTS[Math.max(0, Math.min(4, level))] ?? 'neutral';

/**
 * The Assessments tab of /Clients/{id} (CATALOG.md): the initial assessment, the measures recorded (MEASURE_CODES)
 * with score, band and status, measures scheduled or sent by link, and insights: each measure's trend against
 * its clinical cut-off and the change since baseline.
 */
export function AssessmentsTab({ clientId }: ClientTabProps) {
  return (
    <div className={styles.stack}>
      <InitialAssessmentCard clientId={clientId} />
      <MeasuresCard clientId={clientId} />
      <InsightsCard clientId={clientId} />
    </div>
  );
}

function InitialAssessmentCard({ clientId }: ClientTabProps) {
  const modal = useModal();
  const initial = useClientRoute('initialAssessment', clientId, (id) => ({ params: { clientId: id } }));
  const open = () => modal.open('initial-assessment', { clientId });
  const data: InitialAssessment | null | undefined = initial.data;
  const filled = data ? INITIAL_ASSESSMENT_FIELDS.filter((field) => data[field]) : [];

  return (
    <Card>
      <Card.Header className={styles.cardHeader}>
        <Card.Title as="h2">Initial assessment</Card.Title>
        {data && (
          <Button variant="secondary" size="sm" onClick={open}>
            Edit initial assessment
          </Button>
        )}
      </Card.Header>
      <Card.Body>
        {initial.view === 'loading' ? (
          <Skeleton shape="rect" height="6rem" />
        ) : initial.view === 'error' ? (
          <LoadError what="the initial assessment" error={initial.error} onRetry={initial.retry} />
        ) : !data || filled.length === 0 ? (
          <EmptyState
            title="No initial assessment yet"
            description="Record the presenting problem, history, mental state, risk screen, goals and formulation."
            action={<Button onClick={open}>Write initial assessment</Button>}
          />
        ) : (
          <Sensitive as="div">
            {data.assessedOn && <p className={styles.muted}>Assessed on {formatDate(data.assessedOn)}</p>}
            <dl className={own.fields}>
              {filled.map((field) => (
                <div key={field} className={styles.pair}>
                  <dt>{INITIAL_ASSESSMENT_LABELS[field]}</dt>
                  <dd>{data[field]}</dd>
                </div>
              ))}
            </dl>
          </Sensitive>
        )}
      </Card.Body>
    </Card>
  );
}

function MeasuresCard({ clientId }: ClientTabProps) {
  const modal = useModal();
  const { notify } = useBanners();
  const list = useClientRoute('assessments', clientId, (id) => ({ params: { clientId: id } }));
  // The chart reads every measure (SPEC.md §7 answers them as one array); the table shows them a page at a time.
  const [page, setPage] = useState(1);
  const shownPage = Math.min(page, pageCountOf(list.data?.length ?? 0, MEASURES_PAGE_SIZE));
  const schedules = useClientRoute('assessmentSchedules', clientId, (id) => ({ params: { clientId: id } }));
  const client = useClientRoute('getClient', clientId, (id) => ({ params: { id } }));
  const stop = useMutation('cancelAssessmentSchedule');
  const clientEmail = client.data?.email ?? null;

  // A save in a modal reloads the lists shown here by itself (the writes' reads, from the contract).
  const record = () => modal.open('assessment', { clientId });
  const send = (mode: 'now' | 'schedule') => modal.open('schedule-assessment', { clientId, mode, clientEmail });

  const columns = useMemo<DataTableColumn<AssessmentSummary>[]>(() => {
    const open = (row: AssessmentSummary) => modal.open('assessment', { clientId, id: row.id });
    const remove = (row: AssessmentSummary) =>
      modal.open('delete-item', {
        kind: 'assessment',
        route: 'deleteAssessment',
        params: { id: row.id },
        name: `${MEASURES[row.measure].name} of ${formatDate(row.completedOn)}`,
      });
    return [
      {
        id: 'date',
        header: 'Date',
        accessorKey: 'completedOn',
        cell: ({ row }) => <Sensitive>{formatDate(row.original.completedOn)}</Sensitive>,
      },
      {
        id: 'measure',
        header: 'Measure',
        accessorFn: (row) => MEASURES[row.measure].name,
      },
      {
        id: 'score',
        header: 'Score',
        accessorKey: 'score',
        cell: ({ row }) => (
          <Sensitive>
            {row.original.score === null ? '–' : `${row.original.score} / ${MEASURES[row.original.measure].maxScore}`}
          </Sensitive>
        ),
      },
      {
        id: 'band',
        header: 'Band',
        accessorFn: (row) => row.band?.label ?? '',
        cell: ({ row }) =>
          row.original.band ? (
            <Sensitive className={styles.inline}>
              <Badge variant={bandVariant(row.original.band.level)}>{row.original.band.label}</Badge>
              {row.original.riskFlags.length > 0 && <Badge variant="danger">Review risk</Badge>}
            </Sensitive>
          ) : (
            <span className={styles.muted}>Not scored yet</span>
          ),
      },
      {
        id: 'status',
        header: 'Status',
        accessorKey: 'status',
        cell: ({ row }) => (
          <span className={styles.inline}>
            {row.original.status === 'draft' ? <Badge variant="warning">Draft</Badge> : <Badge>Submitted</Badge>}
            {row.original.source === 'client' && <span className={styles.muted}>by the client</span>}
          </span>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => {
          const label = `${MEASURES[row.original.measure].name} of ${formatDate(row.original.completedOn)}`;
          const openAction = row.original.status === 'draft' ? 'Continue' : 'View';
          return (
            <span className={styles.inline}>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => open(row.original)}
                aria-label={`${openAction} ${label}`}
              >
                {openAction}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => remove(row.original)} aria-label={`Delete ${label}`}>
                Delete
              </Button>
            </span>
          );
        },
      },
    ];
  }, [clientId, modal]);

  const stopSchedule = async (schedule: AssessmentSchedule) => {
    try {
      await stop.trigger({ params: { id: schedule.id } });
      notify({ variant: 'success', message: MEASURES_MESSAGES.scheduleCancelled });
    } catch {
      notify({ variant: 'error', message: 'The scheduled measure could not be stopped. Please try again.' });
    }
  };
  const active = (schedules.data ?? []).filter((s) => s.active);

  return (
    <Card>
      <Card.Header className={styles.cardHeader}>
        <Card.Title as="h2">Measures</Card.Title>
        <span className={styles.actions}>
          <Button variant="secondary" size="sm" onClick={() => send('now')}>
            Send measure
          </Button>
          <Button variant="secondary" size="sm" onClick={() => send('schedule')}>
            Schedule measure
          </Button>
          <Button size="sm" onClick={record}>
            Record measure
          </Button>
        </span>
      </Card.Header>
      <Card.Body className={styles.stack}>
        <DataTable
          caption="Measures"
          hideCaption
          data={(list.data ?? []).slice((shownPage - 1) * MEASURES_PAGE_SIZE, shownPage * MEASURES_PAGE_SIZE)}
          columns={columns}
          getRowId={(row) => String(row.id)}
          loading={list.view === 'loading'}
          emptyState={
            list.view === 'error' ? (
              <LoadError what="the measures" error={list.error} onRetry={list.retry} />
            ) : (
              <EmptyState
                title="No measures yet"
                description={`Record a ${MEASURE_NAME_LIST} in session, or send one to the client by link.`}
                action={<Button onClick={record}>Record measure</Button>}
              />
            )
          }
          footer={
            (list.data?.length ?? 0) > MEASURES_PAGE_SIZE ? (
              <Pagination
                label="Measures pages"
                page={shownPage}
                total={list.data?.length ?? 0}
                pageSize={MEASURES_PAGE_SIZE}
                onPageChange={setPage}
              />
            ) : null
          }
        />
        {active.length > 0 && (
          <section aria-labelledby="scheduled-measures">
            <h3 id="scheduled-measures" className={own.heading}>
              Scheduled measures
            </h3>
            <ul className={styles.plainList}>
              {active.map((schedule) => (
                <li key={schedule.id} className={styles.row}>
                  <span>
                    {MEASURES[schedule.measure].name}, {scheduleRepeat(schedule)}
                    {schedule.nextSendOn && <>, next on {formatDate(schedule.nextSendOn)}</>}
                    {schedule.sendTo && (
                      <>
                        {' '}
                        to <Sensitive>{schedule.sendTo}</Sensitive>
                      </>
                    )}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void stopSchedule(schedule)}
                    aria-label={`Stop the scheduled ${MEASURES[schedule.measure].name}`}
                  >
                    Stop
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </Card.Body>
    </Card>
  );
}

function InsightsCard({ clientId }: ClientTabProps) {
  const insights = useClientRoute('assessmentInsights', clientId, (id) => ({ params: { clientId: id } }));
  const measures = insights.data?.measures ?? [];
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Insights</Card.Title>
      </Card.Header>
      <Card.Body className={styles.stack}>
        {insights.view === 'error' ? (
          <LoadError what="the insights" error={insights.error} onRetry={insights.retry} />
        ) : insights.view === 'loading' ? (
          <Skeleton shape="rect" height="12rem" />
        ) : measures.length === 0 ? (
          <EmptyState
            title="No submitted measures yet"
            description="Trends and change since baseline appear here once a measure has been submitted."
          />
        ) : (
          measures.map((insight) => <MeasureInsightPanel key={insight.measure} insight={insight} />)
        )}
      </Card.Body>
    </Card>
  );
}

function MeasureInsightPanel({ insight }: { insight: MeasureInsight }) {
  const headingId = `insight-${insight.measure}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className={own.heading}>
        {insight.name}
      </h3>
      <Sensitive as="div">
        <dl className={own.summary}>
          <div>
            <dt>Baseline</dt>
            <dd>{insight.baseline}</dd>
          </div>
          <div>
            <dt>Latest</dt>
            <dd>
              {insight.latest}
              {insight.latestBand ? ` (${insight.latestBand})` : ''}
            </dd>
          </div>
          <div>
            <dt>Change since baseline</dt>
            <dd>{signedChange(insight.change)}</dd>
          </div>
          <div>
            <dt>Reliable change</dt>
            <dd>
              {insight.outcome ? (
                <OutcomeBadge outcome={insight.outcome} />
              ) : insight.reliableChangeThreshold === null ? (
                <span className={styles.muted}>No published threshold</span>
              ) : (
                <span className={styles.muted}>Needs a second score</span>
              )}
            </dd>
          </div>
          <div>
            <dt>Clinical cut-off</dt>
            <dd>
              {insight.clinicalCutoff}: the clinical range is {clinicalRangeText(insight.measure)}; the latest score is{' '}
              {insight.latestAboveCutoff ? 'in it' : 'outside it'}
            </dd>
          </div>
        </dl>
        <Suspense fallback={<Skeleton shape="rect" height="12rem" />}>
          <AssessmentsTrend insight={insight} />
        </Suspense>
      </Sensitive>
    </section>
  );
}
