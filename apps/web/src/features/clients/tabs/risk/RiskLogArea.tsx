import { RISK_ITEM_CATEGORY_LABELS, type RiskItem } from '@halcyon/api/contract';
import { useClientRoute, useMutation } from '@halcyon/api/swr';
import {
  Badge,
  Button,
  DataTable,
  EmptyState,
  Sensitive,
  useBanners,
  type DataTableColumn,
} from '@halcyon/design-system';
import { LoadError, useModal } from '@halcyon/modals';
import { useMemo } from 'react';
import { formatDate } from '@halcyon/api/time';
import styles from '../../clients.module.css';
import { RiskSection, type RiskAreaProps } from './RiskSection';

const SEVERITY_VARIANT = { low: 'info', medium: 'warning', high: 'danger' } as const;
const SEVERITY_LABEL = { low: 'Low', medium: 'Medium', high: 'High' } as const;

/**
 * The risk log of the Risk tab: incidents and concerns (add, edit, close or reopen, delete). A save reloads the log by
 * itself (the writes' reads, from the contract); a refused close or reopen reloads it to show where it stands.
 */
export function RiskLogArea({ clientId, timeZone }: RiskAreaProps) {
  const modal = useModal();
  const { notify } = useBanners();
  const log = useClientRoute('listRiskLog', clientId, (id) => ({ params: { clientId: id } }));
  const { trigger: setStatus } = useMutation('setRiskItemStatus');
  const { reload } = log;
  const addItem = () => modal.open('risk-item', { clientId });

  const columns = useMemo<DataTableColumn<RiskItem>[]>(() => {
    const toggle = async (item: RiskItem) => {
      const status = item.status === 'open' ? 'closed' : 'open';
      try {
        await setStatus({ params: { id: item.id }, body: { status, version: item.version } });
        notify({ variant: 'success', message: status === 'closed' ? 'Risk item closed.' : 'Risk item reopened.' });
      } catch (error) {
        const message =
          error instanceof Error ? error.message : 'The risk item could not be changed. Please try again.';
        notify({ variant: 'error', message });
        void reload();
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
                onClick={() => modal.open('risk-item', { clientId, id: item.id })}
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
  }, [clientId, modal, notify, reload, setStatus, timeZone]);

  return (
    <RiskSection
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
        columns={columns}
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
    </RiskSection>
  );
}
