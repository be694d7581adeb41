import {
  BILLING_PAGE_SIZE,
  BILLING_PERIOD_RANGE,
  DATE_RANGES,
  BILL_TO_KINDS,
  BILL_TO_KIND_LABELS,
  INVOICE_FILTER_STATES,
  INVOICE_FILTER_STATE_LABELS,
  INSURANCE_CLAIM_STATUSES,
  INSURANCE_CLAIM_STATUS_LABELS,
  INVOICE_KINDS,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  type InsuranceClaimStatus,
  type InvoiceListQuery,
  type PaymentListQuery,
} from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';
import {
  countActiveFilters,
  isFilterChoice,
  type DateRangeValue,
  type FilterChoice,
  type FilterField,
  type FilterValues,
} from '@halcyon/modals';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useListSearchText } from '../../app/ListSearch';

/** Whose records a list shows: chosen by name, kept in the address as the client's id. */
export const CLIENT_FILTER = (what: string): FilterField => ({
  type: 'client',
  name: 'clientId',
  label: 'Client',
  hint: `Only this client’s ${what}.`,
});

/** The invoice list's filters (CATALOG.md /Billing: status, client, date range, payer; and the kind of document). */
export const INVOICE_FILTER_FIELDS: readonly FilterField[] = [
  {
    type: 'select',
    name: 'state',
    label: 'Status',
    placeholder: 'Any status',
    options: INVOICE_FILTER_STATES.map((value) => ({ value, label: INVOICE_FILTER_STATE_LABELS[value] })),
  },
  CLIENT_FILTER('invoices and credit notes'),
  {
    type: 'select',
    name: 'kind',
    label: 'Document',
    placeholder: 'Invoices and credit notes',
    options: [
      { value: 'invoice', label: 'Invoices' },
      { value: 'credit_note', label: 'Credit notes' },
    ],
  },
  {
    type: 'select',
    name: 'payer',
    label: 'Payer',
    placeholder: 'Anyone',
    options: BILL_TO_KINDS.map((value) => ({ value, label: BILL_TO_KIND_LABELS[value] })),
  },
  {
    type: 'date-range',
    name: 'issued',
    label: 'Issued',
    hint: 'The issue date, from and to.',
    limits: BILLING_PERIOD_RANGE,
  },
];

/** The payment list's filters: the client, the kind of payment, how it was paid, the date range. */
export const PAYMENT_FILTER_FIELDS: readonly FilterField[] = [
  CLIENT_FILTER('payments'),
  {
    type: 'select',
    name: 'kind',
    label: 'Kind',
    placeholder: 'Payments and advance payments',
    options: [
      { value: 'payment', label: 'Payments' },
      { value: 'advance', label: 'Advance payments' },
    ],
  },
  {
    type: 'select',
    name: 'method',
    label: 'Method',
    placeholder: 'Any method',
    options: PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] })),
  },
  {
    type: 'date-range',
    name: 'paid',
    label: 'Paid',
    hint: 'The payment date, from and to.',
    limits: BILLING_PERIOD_RANGE,
  },
];

/** The insurance claim list's filters: status, client, the day the claim was made. */
export const CLAIM_FILTER_FIELDS: readonly FilterField[] = [
  {
    type: 'select',
    name: 'status',
    label: 'Status',
    placeholder: 'Any status',
    options: INSURANCE_CLAIM_STATUSES.map((value) => ({ value, label: INSURANCE_CLAIM_STATUS_LABELS[value] })),
  },
  CLIENT_FILTER('insurance claims'),
  {
    type: 'date-range',
    name: 'made',
    label: 'Made',
    hint: 'The day the claim was made, from and to.',
    limits: DATE_RANGES.report,
  },
];

/** A list's filters on one client's Billing tab: the client is given, not chosen. */
export const forOneClient = (fields: readonly FilterField[]): readonly FilterField[] =>
  fields.filter((field) => field.type !== 'client');
export const CLIENT_INVOICE_FILTER_FIELDS = forOneClient(INVOICE_FILTER_FIELDS);
export const CLIENT_PAYMENT_FILTER_FIELDS = forOneClient(PAYMENT_FILTER_FIELDS);

/** The filter's value when it is one of `allowed`, else undefined. */
function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.find((choice) => choice === value);
}
const range = (value: unknown): DateRangeValue =>
  value && typeof value === 'object' && 'from' in value && 'to' in value
    ? { from: String(value.from), to: String(value.to) }
    : { from: '', to: '' };

/** The id of the client chosen, or undefined. */
const clientIdOf = (value: unknown): number | undefined =>
  value && typeof value === 'object' && 'value' in value && /^[1-9]\d{0,9}$/.test(String(value.value))
    ? Number(value.value)
    : undefined;

/** The invoice list's query from the chosen filters. */
export function invoiceQueryOf(filters: FilterValues): Partial<InvoiceListQuery> {
  const issued = range(filters.issued);
  return {
    clientId: clientIdOf(filters.clientId),
    state: oneOf(filters.state, INVOICE_FILTER_STATES),
    kind: oneOf(filters.kind, INVOICE_KINDS),
    payer: oneOf(filters.payer, BILL_TO_KINDS),
    from: issued.from || undefined,
    to: issued.to || undefined,
  };
}

/** The insurance claim list's query from the chosen filters. */
export function claimQueryOf(filters: FilterValues): {
  status?: InsuranceClaimStatus[];
  clientId?: number;
  from?: string;
  to?: string;
} {
  const made = range(filters.made);
  const status = oneOf(filters.status, INSURANCE_CLAIM_STATUSES);
  const clientId = clientIdOf(filters.clientId);
  return {
    ...(status && { status: [status] }),
    ...(clientId !== undefined && { clientId }),
    ...(made.from && { from: made.from }),
    ...(made.to && { to: made.to }),
  };
}

/** The payment list's query from the chosen filters. */
export function paymentQueryOf(filters: FilterValues): Partial<PaymentListQuery> {
  const paid = range(filters.paid);
  return {
    clientId: clientIdOf(filters.clientId),
    kind: oneOf(filters.kind, PAYMENT_KINDS),
    method: oneOf(filters.method, PAYMENT_METHODS),
    from: paid.from || undefined,
    to: paid.to || undefined,
  };
}

/** A list's parameter in the address: `state`, or with a prefix `paymentState`. */
function paramName(prefix: string, name: string): string {
  return prefix ? `${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}` : name;
}

/** The client a list is filtered by, from the address: their id, and their name once looked up (`/api/clients/names`). */
function useChosenClient(fields: readonly FilterField[], params: URLSearchParams, prefix: string) {
  const field = fields.find((one) => one.type === 'client');
  const raw = field ? params.get(paramName(prefix, field.name)) : null;
  const id = clientIdOf({ value: raw });
  const lookup = useRoute('lookupClientNames', id === undefined ? null : { query: { id } });
  // Empty while it is looked up; a client who is not the practice's (or no more) is said so.
  const name = lookup.data ? (lookup.data.items.find((client) => client.id === id)?.name ?? 'Client not found') : '';
  return useMemo(
    () =>
      field && id !== undefined
        ? { name: field.name, choice: { value: String(id), label: name } satisfies FilterChoice }
        : null,
    [field, id, name],
  );
}

/**
 * A list's filters and page in the address (`?state=overdue&issuedFrom=2026-01-01&clientId=12&page=...`), so a filtered
 * list can be linked and survives a reload and Back. Date ranges are two parameters (`<name>From`, `<name>To`); a client
 * is their id (never their name: the address is no place for client data), named by a lookup. The page is the server's
 * cursor (keyset paging: each page costs what a page costs); `pages` remembers the cursors seen so Previous works.
 */
export function useListAddress(fields: readonly FilterField[], prefix = '') {
  const [params, setParams] = useSearchParams();
  const key = (name: string) => paramName(prefix, name);
  const client = useChosenClient(fields, params, prefix);
  const filters = useMemo((): FilterValues => {
    const values: Record<string, string | DateRangeValue | FilterChoice> = {};
    for (const field of fields) {
      if (field.type === 'date-range') {
        const from = params.get(paramName(prefix, `${field.name}From`)) ?? '';
        const to = params.get(paramName(prefix, `${field.name}To`)) ?? '';
        if (from || to) values[field.name] = { from, to };
      } else if (field.type !== 'client') {
        const value = params.get(paramName(prefix, field.name));
        if (value) values[field.name] = value;
      }
    }
    if (client) values[client.name] = client.choice;
    return values;
  }, [params, fields, prefix, client]);
  const cursors = useMemo(() => params.getAll(paramName(prefix, 'page')), [params, prefix]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const applyFilters = (chosen: FilterValues) =>
    update((next) => {
      next.delete(key('page'));
      for (const field of fields) {
        next.delete(key(field.name));
        next.delete(key(`${field.name}From`));
        next.delete(key(`${field.name}To`));
        const value = chosen[field.name];
        if (field.type === 'date-range') {
          const { from, to } = range(value);
          if (from) next.set(key(`${field.name}From`), from);
          if (to) next.set(key(`${field.name}To`), to);
        } else if (isFilterChoice(value)) {
          if (value.value) next.set(key(field.name), value.value);
        } else if (typeof value === 'string' && value.trim()) next.set(key(field.name), value.trim());
      }
    });
  const clearFilters = () => applyFilters({});
  /** Every filter as it is but `name`'s (a chip's remove button). */
  const removeFilter = (name: string) => applyFilters({ ...filters, [name]: undefined });
  /** The cursor of the page shown (undefined: the first page). */
  const cursor = cursors.at(-1);
  const nextPage = (nextCursor: string) => update((next) => next.append(key('page'), nextCursor));
  const previousPage = () =>
    update((next) => {
      const all = next.getAll(key('page')).slice(0, -1);
      next.delete(key('page'));
      for (const one of all) next.append(key('page'), one);
    });
  return {
    fields,
    filters,
    /** How many filters are applied. */
    active: countActiveFilters(filters, fields),
    applyFilters,
    clearFilters,
    removeFilter,
    cursor,
    pageNumber: cursors.length + 1,
    nextPage,
    previousPage,
  };
}
export type ListAddress = ReturnType<typeof useListAddress>;

/**
 * A billing list's address and the query of the page it shows: the filters (`queryOf`), one client's records when the
 * list is on their Billing tab, the page's cursor and size.
 */
export function useListQuery<Query>(
  fields: readonly FilterField[],
  prefix: string,
  queryOf: (filters: FilterValues) => Partial<Query>,
  clientId?: number,
) {
  const address = useListAddress(fields, prefix);
  const query = useMemo(
    () => ({
      ...queryOf(address.filters),
      ...(clientId !== undefined && { clientId }),
      cursor: address.cursor,
      limit: BILLING_PAGE_SIZE,
    }),
    [queryOf, address.filters, address.cursor, clientId],
  );
  return { address, query };
}

/**
 * A billing list's search box: what is typed (kept on the page, not in the address: it may hold a client's name), the
 * debounced search the query sends, and a change that starts the list again at its first page.
 */
export function useListSearch(address: ListAddress) {
  const { typed, setTyped, search } = useListSearchText();
  const onSearch = (value: string) => {
    setTyped(value);
    if (address.cursor) address.applyFilters(address.filters);
  };
  return { typed, search, onSearch };
}
