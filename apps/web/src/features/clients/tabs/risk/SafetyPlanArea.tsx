import type { SafetyPlanVersion } from '@halcyon/api/contract';
import { useClientRoute, useRoute } from '@halcyon/api/swr';
import { Badge, Button, EmptyState, type DataTableColumn } from '@halcyon/design-system';
import { useModal } from '@halcyon/modals';
import { useCallback, useMemo, useState } from 'react';
import { formatDateTime } from '@halcyon/api/time';
import { HeartPulse } from '../../../../app/icons';
import styles from '../../clients.module.css';
import { CurrentRecord, EarlierVersion, RiskSection, VersionsTable, type RiskAreaProps } from './RiskSection';
import { SafetyPlanView } from './RiskViews';

/**
 * The safety plan of the Risk tab: the current plan, an earlier version opened read only (a new version can start from
 * it), and the versions (view, delete). A save or a delete reloads what is shown by itself (the writes' reads, from the
 * contract).
 */
export function SafetyPlanArea({ clientId, timeZone }: RiskAreaProps) {
  const modal = useModal();
  const byClient = (id: number) => ({ params: { clientId: id } });
  const plan = useClientRoute('getCurrentSafetyPlan', clientId, byClient);
  const versions = useClientRoute('listSafetyPlanVersions', clientId, byClient);
  const [viewId, setViewId] = useState<number | null>(null);
  const viewed = useRoute('getSafetyPlan', viewId ? { params: { id: viewId } } : null);
  const edit = useCallback(
    (previousVersionId?: number) => modal.open('safety-plan', { clientId, previousVersionId }),
    [clientId, modal],
  );

  const columns = useMemo<DataTableColumn<SafetyPlanVersion>[]>(
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
              <Button variant="ghost" size="sm" onClick={() => setViewId(row.original.id)} aria-label={`View ${label}`}>
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
    [modal, timeZone],
  );

  const current = plan.data;

  return (
    <>
      <RiskSection
        title="Safety plan"
        action={
          current ? (
            <Button size="sm" onClick={() => edit()}>
              Update (new version)
            </Button>
          ) : undefined
        }
      >
        <CurrentRecord
          what="the safety plan"
          record={plan}
          empty={
            <EmptyState
              headingLevel={3}
              icon={<HeartPulse />}
              title="No safety plan yet"
              description="Write it with the client: warning signs, coping strategies, people to contact and reasons for living."
              action={<Button onClick={() => edit()}>Create safety plan</Button>}
            />
          }
        >
          {(data) => <SafetyPlanView plan={data} timeZone={timeZone} />}
        </CurrentRecord>
      </RiskSection>

      {viewId !== null && (
        <EarlierVersion
          title={viewed.data ? `Safety plan version ${viewed.data.version} (read only)` : 'Earlier safety plan'}
          action={
            <span className={styles.inline}>
              {viewed.data && !viewed.data.isCurrent && (
                <Button variant="ghost" size="sm" onClick={() => edit(viewId)}>
                  Start from this version
                </Button>
              )}
              <Button variant="ghost" size="sm" onClick={() => setViewId(null)}>
                Close version
              </Button>
            </span>
          }
          version={viewed}
        >
          {(data) => <SafetyPlanView plan={data} timeZone={timeZone} />}
        </EarlierVersion>
      )}

      <VersionsTable title="Safety plan versions" versions={versions.data?.items} columns={columns} />
    </>
  );
}
