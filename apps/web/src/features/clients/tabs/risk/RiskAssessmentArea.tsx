import { RISK_ASSESSMENT_LEVEL_LABELS, type RiskAssessmentVersion } from '@halcyon/api/contract';
import { useClientRoute, useRoute } from '@halcyon/api/swr';
import { Badge, Button, EmptyState, type DataTableColumn } from '@halcyon/design-system';
import { useModal } from '@halcyon/modals';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from '@halcyon/api/time';
import { TriangleAlert } from '../../../../app/icons';
import styles from '../../clients.module.css';
import { CurrentRecord, EarlierVersion, RiskSection, VersionsTable, type RiskAreaProps } from './RiskSection';
import { RiskAssessmentView, RiskLevelBadge } from './RiskViews';

/**
 * The risk assessments of the Risk tab: the current one with its overall level, an earlier version opened read only,
 * and the versions (view, start a new version from one, delete). A save or a delete reloads what is shown by itself
 * (the writes' reads, from the contract).
 */
export function RiskAssessmentArea({ clientId, timeZone }: RiskAreaProps) {
  const modal = useModal();
  const byClient = (id: number) => ({ params: { clientId: id } });
  const assessment = useClientRoute('getCurrentRiskAssessment', clientId, byClient);
  const versions = useClientRoute('listRiskAssessmentVersions', clientId, byClient);
  // A notification about an overdue review links here with `?assessment=<id>`: that version opens at once.
  const [params] = useSearchParams();
  const linked = Number(params.get('assessment'));
  const [viewId, setViewId] = useState<number | null>(Number.isInteger(linked) && linked > 0 ? linked : null);
  const viewed = useRoute('getRiskAssessment', viewId ? { params: { id: viewId } } : null);
  const assess = useCallback(
    (previousVersionId?: number) => modal.open('risk-assessment', { clientId, previousVersionId }),
    [clientId, modal],
  );

  const columns = useMemo<DataTableColumn<RiskAssessmentVersion>[]>(
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
              <Button variant="ghost" size="sm" onClick={() => setViewId(row.original.id)} aria-label={`View ${label}`}>
                View
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => assess(row.original.id)}
                aria-label={`Start from this: a new version from ${label}`}
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
                    onDeleted: () => setViewId(null),
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
    [assess, modal, timeZone],
  );

  const current = assessment.data;

  return (
    <>
      <RiskSection
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
        <CurrentRecord
          what="the risk assessment"
          record={assessment}
          empty={
            <EmptyState
              headingLevel={3}
              icon={<TriangleAlert />}
              title="No risk assessment yet"
              description={`Assess risk by area and record an overall level (now: ${RISK_ASSESSMENT_LEVEL_LABELS.none.toLowerCase()}) and a management plan.`}
              action={<Button onClick={() => assess()}>Assess risk</Button>}
            />
          }
        >
          {(data) => <RiskAssessmentView assessment={data} timeZone={timeZone} />}
        </CurrentRecord>
      </RiskSection>

      {viewId !== null && viewId !== current?.id && (
        <EarlierVersion
          title={viewed.data ? `Risk assessment version ${viewed.data.version} (read only)` : 'Earlier risk assessment'}
          action={
            <Button variant="ghost" size="sm" onClick={() => setViewId(null)}>
              Close version
            </Button>
          }
          version={viewed}
        >
          {(data) => <RiskAssessmentView assessment={data} timeZone={timeZone} />}
        </EarlierVersion>
      )}

      <VersionsTable title="Risk assessment versions" versions={versions.data?.items} columns={columns} />
    </>
  );
}
