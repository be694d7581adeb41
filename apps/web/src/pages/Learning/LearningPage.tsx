import { CPD_TYPE_LABELS, SUPERVISION_FORMAT_LABELS, humanDate, yearOf, type RouteName } from '@halcyon/api/contract';
import { useApiClient, useCpdYear, usePracticeToday, useSupervisionYear } from '@halcyon/api/swr';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  PageHeader,
  ProgressBar,
  Select,
  Skeleton,
  useBanners,
} from '@halcyon/design-system';
import { useModal } from '@halcyon/modals';
import { useState } from 'react';
import { downloadFailedMessage, saveBlob } from '../../app/saveBlob';
import { AttachedFileButton } from '../../features/learning/AttachedFileButton';
import { ComplianceSection } from '../../features/learning/ComplianceSection';
import { CpdTargetForm } from '../../features/learning/CpdTargetForm';
import styles from '../../features/learning/learning.module.css';
import { LoadFailed } from '../Settings/ProfileSecurity/LoadFailed';

/** "6.5 hours", "1 hour". */
const hoursText = (hours: number) => `${Math.round(hours * 100) / 100} ${hours === 1 ? 'hour' : 'hours'}`;

/** The year shown and the four before it. */
function yearOptions(thisYear: number) {
  return Array.from({ length: 5 }, (_, i) => String(thisYear - i)).map((value) => ({ value, label: value }));
}

function CpdSection({ year }: { year: number }) {
  const cpd = useCpdYear(year);
  const modal = useModal();
  const data = cpd.data;
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">CPD activities</Card.Title>
      </Card.Header>
      <Card.Body className={styles.section}>
        {data ? (
          <>
            <ProgressBar
              label={`CPD hours in ${year}`}
              value={Math.min(data.hours, data.targetHours || data.hours)}
              max={data.targetHours || Math.max(data.hours, 1)}
              showValue
              variant={data.hours >= data.targetHours ? 'success' : 'accent'}
              getValueLabel={() => `${hoursText(data.hours)} of ${data.targetHours}`}
            />
            <CpdTargetForm targetHours={data.targetHours} />
            {data.items.length === 0 ? (
              <EmptyState
                headingLevel={3}
                title={`No CPD recorded in ${year}`}
                description="Record courses, workshops, reading and peer learning as you do them."
              />
            ) : (
              <ul className={styles.list} aria-label={`CPD activities in ${year}`}>
                {data.items.map((activity) => (
                  <li key={activity.id} className={styles.item}>
                    <div className={styles.itemText}>
                      <p className={styles.itemTitle}>
                        {activity.title} <Badge variant="neutral">{CPD_TYPE_LABELS[activity.type]}</Badge>
                      </p>
                      <p className={styles.muted}>
                        {[humanDate(activity.date), hoursText(activity.hours), activity.provider]
                          .filter(Boolean)
                          .join(' · ')}
                      </p>
                      {activity.evidence && (
                        <AttachedFileButton what="Evidence" file={activity.evidence} of={activity.title} />
                      )}
                    </div>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Edit ${activity.title}`}
                      onClick={() => modal.open('cpd-activity', { id: activity.id })}
                    >
                      Edit
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : cpd.error ? (
          <LoadFailed what="your CPD activities" error={cpd.error} onRetry={() => void cpd.retry()} />
        ) : (
          <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading your CPD activities" />
        )}
        <div className={styles.actions}>
          <Button onClick={() => modal.open('cpd-activity', {})}>Record CPD activity</Button>
        </div>
      </Card.Body>
    </Card>
  );
}

function SupervisionSection({ year }: { year: number }) {
  const supervision = useSupervisionYear(year);
  const modal = useModal();
  const data = supervision.data;
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Supervision</Card.Title>
      </Card.Header>
      <Card.Body className={styles.section}>
        {data ? (
          <>
            <p className={styles.muted}>
              {hoursText(data.hours)} of supervision in {year}.
            </p>
            {data.items.length === 0 ? (
              <EmptyState
                headingLevel={3}
                title={`No supervision recorded in ${year}`}
                description="Record each session with your supervisor or group."
              />
            ) : (
              <ul className={styles.list} aria-label={`Supervision sessions in ${year}`}>
                {data.items.map((session) => (
                  <li key={session.id} className={styles.item}>
                    <div className={styles.itemText}>
                      <p className={styles.itemTitle}>
                        {session.supervisor}{' '}
                        <Badge variant="neutral">{SUPERVISION_FORMAT_LABELS[session.format]}</Badge>
                      </p>
                      <p className={styles.muted}>
                        {humanDate(session.date)} · {hoursText(session.hours)}
                      </p>
                    </div>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Edit the session of ${humanDate(session.date)}`}
                      onClick={() => modal.open('supervision-session', { id: session.id })}
                    >
                      Edit
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : supervision.error ? (
          <LoadFailed
            what="your supervision sessions"
            error={supervision.error}
            onRetry={() => void supervision.retry()}
          />
        ) : (
          <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading your supervision sessions" />
        )}
        <div className={styles.actions}>
          <Button onClick={() => modal.open('supervision-session', {})}>Record supervision session</Button>
        </div>
      </Card.Body>
    </Card>
  );
}

type ExportRoute = Extract<RouteName, 'exportCpdCsv' | 'exportCpdPdf'>;

/**
 * /Learning-development (CATALOG.md): the member's CPD activities of a year with the hours against their yearly target,
 * their supervision sessions, their licences and compliance records (expiring ones highlighted), and the CPD log as CSV
 * or PDF for a membership-body audit.
 */
export function LearningPage() {
  const thisYear = yearOf(usePracticeToday());
  const [year, setYear] = useState(thisYear);
  const client = useApiClient();
  const { notify } = useBanners();
  const [exporting, setExporting] = useState<ExportRoute | null>(null);

  const download = async (route: ExportRoute, extension: 'csv' | 'pdf') => {
    setExporting(route);
    try {
      const blob = await client.call(route, { query: { year } });
      saveBlob(blob, `cpd-log-${year}.${extension}`);
    } catch (error) {
      notify({ variant: 'error', message: downloadFailedMessage(error) });
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader
        title="Learning and development"
        description="Your CPD against your yearly target, your supervision, and your licences and compliance records."
      />
      <div className={styles.toolbar}>
        <Select
          label="Year"
          options={yearOptions(thisYear)}
          value={String(year)}
          onValueChange={(value) => setYear(Number(value))}
        />
        <Button variant="secondary" disabled={exporting !== null} onClick={() => void download('exportCpdCsv', 'csv')}>
          Download CPD log (CSV)
        </Button>
        <Button variant="secondary" disabled={exporting !== null} onClick={() => void download('exportCpdPdf', 'pdf')}>
          Download CPD log (PDF)
        </Button>
      </div>
      <CpdSection year={year} />
      <SupervisionSection year={year} />
      <ComplianceSection />
    </div>
  );
}
