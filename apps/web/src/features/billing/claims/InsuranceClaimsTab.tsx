import {
  INSURANCE_CLAIM_MESSAGES,
  INSURANCE_CLAIM_STATUS_LABELS,
  INSURANCE_CLAIM_TEXT_MAX,
  INSURANCE_CLAIM_TRANSITIONS,
  PAGE_SIZE_DEFAULT,
  DELETABLE_CLAIM_STATUSES,
  type InsuranceClaim,
  type InsuranceClaimStatus,
} from '@halcyon/api/contract';
import { isApiError } from '@halcyon/api/client';
import { formatMoney } from '@halcyon/api/money';
import { useApiClient, useInsuranceClaims, useMutation } from '@halcyon/api/swr';
import { formatDate } from '@halcyon/api/time';
import {
  Badge,
  Button,
  DataTable,
  DropdownMenu,
  EmptyState,
  Pagination,
  Sensitive,
  TextField,
  useBanners,
  type BadgeVariant,
  type DataTableColumn,
} from '@halcyon/design-system';
import { countActiveFilters, LoadError, useModal, type FilterValues } from '@halcyon/modals';
import { useMemo, useState } from 'react';
import { ChevronDown, Receipt } from '../../../app/icons';
import { useDownload } from '../exports/useDownload';
import { FilterButtons } from '../FilterButtons';
import { FilterChips } from '../FilterChips';
import { CLAIM_FILTER_FIELDS, claimQueryOf, forOneClient } from '../listing';
import styles from '../books.module.css';

const STATUS_VARIANTS: Readonly<Record<InsuranceClaimStatus, BadgeVariant>> = {
  draft: 'neutral',
  submitted: 'info',
  paid: 'success',
  rejected: 'danger',
};
/** The action that moves a claim to each status, as its menu names it. */
const MOVE_LABELS: Readonly<Record<InsuranceClaimStatus, string>> = {
  draft: 'Back to draft',
  submitted: 'Mark as submitted',
  paid: 'Mark as paid',
  rejected: 'Mark as rejected…',
};

type Move = Exclude<InsuranceClaimStatus, 'draft'>;

/**
 * The Insurance claims tab of /Billing (issue 15 item 9): the practice's claims, newest first, filtered through the
 * `filter` modal (status, client, the day it was made; chips remove one), a page at a
 * time: client, invoice, insurer, total and status; each moves draft -> submitted -> paid or rejected (a rejection asks
 * the insurer's reason), exports as CSV for the insurer's portal, and a draft or rejected one can be deleted. A claim is
 * made from an invoice (`ClaimInvoiceButton`). Privacy blurs clients and amounts.
 */
export function InsuranceClaimsTab({ clientId }: { clientId?: number } = {}) {
  const modal = useModal();
  const client = useApiClient();
  const { notify } = useBanners();
  const { download } = useDownload();
  const fields = clientId === undefined ? CLAIM_FILTER_FIELDS : forOneClient(CLAIM_FILTER_FIELDS);
  const [filters, setFilters] = useState<FilterValues>({});
  const [page, setPage] = useState(1);
  const active = countActiveFilters(filters, fields);
  const filterBy = (next: FilterValues) => {
    setFilters(next);
    setPage(1);
  };
  /** The claim being rejected, and the reason typed so far. */
  const [rejecting, setRejecting] = useState<{ claim: InsuranceClaim; reason: string; error?: string } | null>(null);
  const claims = useInsuranceClaims(
    {
      page,
      pageSize: PAGE_SIZE_DEFAULT,
      ...claimQueryOf(filters),
      ...(clientId !== undefined && { clientId }),
    },
    { swr: { keepPreviousData: true } },
  );
  const move = useMutation('updateInsuranceClaimStatus');
  const items = claims.data?.items ?? [];
  const total = claims.data?.total ?? 0;

  const columns = useMemo<DataTableColumn<InsuranceClaim>[]>(() => {
    const changeStatus = async (claim: InsuranceClaim, to: Move, reason = '') => {
      try {
        await move.trigger({ params: { id: claim.id }, body: { status: to, reason, version: claim.version } });
        notify({ variant: 'success', message: INSURANCE_CLAIM_MESSAGES.status(to) });
        setRejecting(null);
      } catch (error) {
        notify({
          variant: 'error',
          message: isApiError(error) ? error.message : 'The claim could not be changed. Please try again.',
        });
      }
    };
    const exportClaim = (claim: InsuranceClaim) =>
      download(`insurance-claim-${claim.id}.csv`, () =>
        client.call('exportInsuranceClaim', { params: { id: claim.id } }),
      );
    const remove = (claim: InsuranceClaim) =>
      modal.open('delete-item', {
        kind: 'insurance-claim',
        route: 'deleteInsuranceClaim',
        params: { id: claim.id },
        name: claim.invoiceNumber ?? `#${claim.id}`,
        clientName: claim.clientName,
      });
    return [
      {
        id: 'createdAt',
        header: 'Made',
        accessorKey: 'createdAt',
        enableSorting: false,
        cell: ({ row }) => <span className={styles.noWrap}>{formatDate(row.original.createdAt)}</span>,
      },
      {
        id: 'client',
        header: 'Client',
        accessorKey: 'clientName',
        enableSorting: false,
        cell: ({ row }) => <Sensitive>{row.original.clientName}</Sensitive>,
      },
      {
        id: 'invoice',
        header: 'Invoice',
        accessorKey: 'invoiceNumber',
        enableSorting: false,
        cell: ({ row }) => row.original.invoiceNumber ?? '—',
      },
      {
        id: 'insurer',
        header: 'Insurer',
        accessorKey: 'providerName',
        enableSorting: false,
        cell: ({ row }) => (
          <span>
            {row.original.providerName}
            {row.original.policyNumber && (
              <Sensitive className={styles.muted}> · policy {row.original.policyNumber}</Sensitive>
            )}
          </span>
        ),
      },
      {
        id: 'total',
        header: 'Total',
        accessorKey: 'totalMinor',
        enableSorting: false,
        cell: ({ row }) => (
          <Sensitive className={styles.amount}>{formatMoney(row.original.totalMinor, row.original.currency)}</Sensitive>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        accessorKey: 'status',
        enableSorting: false,
        cell: ({ row }) => (
          <span>
            <Badge variant={STATUS_VARIANTS[row.original.status]}>
              {INSURANCE_CLAIM_STATUS_LABELS[row.original.status]}
            </Badge>
            {row.original.rejectionReason && (
              <Sensitive className={styles.muted}> {row.original.rejectionReason}</Sensitive>
            )}
          </span>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => {
          const claim = row.original;
          const moves = INSURANCE_CLAIM_TRANSITIONS[claim.status] as readonly Move[];
          return (
            <DropdownMenu.Root>
              <DropdownMenu.Trigger asChild>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Actions for the claim of ${claim.invoiceNumber ?? claim.id}`}
                >
                  Actions <ChevronDown aria-hidden="true" />
                </Button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Content align="end">
                {moves.map((to) => (
                  <DropdownMenu.Item
                    key={to}
                    onSelect={() =>
                      to === 'rejected' ? setRejecting({ claim, reason: '' }) : void changeStatus(claim, to)
                    }
                  >
                    {MOVE_LABELS[to]}
                  </DropdownMenu.Item>
                ))}
                <DropdownMenu.Item onSelect={() => void exportClaim(claim)}>Export CSV</DropdownMenu.Item>
                {DELETABLE_CLAIM_STATUSES.includes(claim.status) && (
                  <>
                    <DropdownMenu.Separator />
                    <DropdownMenu.Item variant="danger" onSelectAfterClose={() => remove(claim)}>
                      Delete
                    </DropdownMenu.Item>
                  </>
                )}
              </DropdownMenu.Content>
            </DropdownMenu.Root>
          );
        },
      },
    ];
  }, [client, download, modal, move, notify]);

  const confirmRejection = async () => {
    if (!rejecting) return;
    const reason = rejecting.reason.trim();
    if (!reason) {
      setRejecting({ ...rejecting, error: INSURANCE_CLAIM_MESSAGES.reasonMissing });
      return;
    }
    try {
      await move.trigger({
        params: { id: rejecting.claim.id },
        body: { status: 'rejected', reason, version: rejecting.claim.version },
      });
      notify({ variant: 'success', message: INSURANCE_CLAIM_MESSAGES.status('rejected') });
      setRejecting(null);
    } catch (error) {
      setRejecting({ ...rejecting, error: isApiError(error) ? error.message : 'The claim could not be changed.' });
    }
  };

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <FilterButtons
          title="Filter insurance claims"
          description="Show only the claims that match."
          fields={fields}
          values={filters}
          active={active}
          onApply={filterBy}
          onClear={() => filterBy({})}
        />
      </div>
      <FilterChips
        fields={fields}
        filters={filters}
        onRemove={(name) => filterBy(Object.fromEntries(Object.entries(filters).filter(([key]) => key !== name)))}
      />
      {rejecting && (
        <div className={styles.reason}>
          <TextField
            label={`Why did the insurer reject the claim of ${rejecting.claim.invoiceNumber ?? `#${rejecting.claim.id}`}?`}
            required
            maxLength={INSURANCE_CLAIM_TEXT_MAX.reason}
            value={rejecting.reason}
            error={rejecting.error}
            onChange={(event) => setRejecting({ ...rejecting, reason: event.target.value, error: undefined })}
          />
          <Button onClick={() => void confirmRejection()} loading={move.isMutating}>
            Mark as rejected
          </Button>
          <Button variant="ghost" onClick={() => setRejecting(null)} disabled={move.isMutating}>
            Cancel
          </Button>
        </div>
      )}
      <DataTable
        caption="Insurance claims"
        hideCaption
        data={items}
        columns={columns}
        getRowId={(claim) => String(claim.id)}
        loading={claims.view === 'loading'}
        totalRowCount={total}
        emptyState={
          claims.view === 'error' ? (
            <LoadError what="the insurance claims" error={claims.error} onRetry={claims.retry} />
          ) : (
            <EmptyState
              icon={<Receipt />}
              title={active === 0 ? 'No insurance claims yet' : 'No insurance claims match'}
              description={
                active === 0
                  ? 'Claim an invoice billed to an insurer, or to a client whose insurance names one, from the invoice: its lines are copied into the claim.'
                  : 'Clear the filters to see every claim.'
              }
            />
          )
        }
        footer={
          total > PAGE_SIZE_DEFAULT ? (
            <Pagination
              label="Insurance claim pages"
              page={page}
              total={total}
              pageSize={PAGE_SIZE_DEFAULT}
              onPageChange={setPage}
            />
          ) : null
        }
      />
    </div>
  );
}

/**
 * "Claim from insurer" for an issued invoice (the invoice page mounts it): makes a draft claim with the invoice's lines;
 * the server's sentence says why when it cannot (a draft, no insurer, already claimed).
 */
export function ClaimInvoiceButton({
  invoiceId,
  onClaimed,
}: {
  invoiceId: number;
  onClaimed?: (claim: InsuranceClaim) => void;
}) {
  const { notify } = useBanners();
  const create = useMutation('createInsuranceClaim', { prependTo: ['listInsuranceClaims'] });
  const claim = async () => {
    try {
      const created = await create.trigger({ body: { invoiceId } });
      notify({ variant: 'success', message: INSURANCE_CLAIM_MESSAGES.created });
      if (created) onClaimed?.(created);
    } catch (error) {
      notify({
        variant: 'error',
        message: isApiError(error) ? (error.fieldErrors?.invoiceId ?? error.message) : 'The claim could not be made.',
      });
    }
  };
  return (
    <Button variant="secondary" onClick={() => void claim()} loading={create.isMutating}>
      Claim from insurer
    </Button>
  );
}
