import { DEFAULT_CURRENCY } from '@halcyon/api/contract';
import { Skeleton } from '@halcyon/design-system';
import { Fragment, type ReactNode } from 'react';
import { usePracticeCurrency } from '../billing/usePracticeCurrency';
import { ModalShell } from '../ModalShell/ModalShell';
import { LoadError } from '../QueryState/QueryState';

export interface RecordLoadStateProps {
  /** The dialog title while the record loads ("Edit location"). */
  title: string;
  /** The record as a person names it: "this location". */
  what: string;
  /** The load's failure, if any (Retry loads again). */
  error: unknown;
  /** The record is gone (a 404: deleted meanwhile). */
  missing: boolean;
  retry: () => unknown;
}

/**
 * What a settings modal that edits one record shows until its record is there: loading, the failure with Retry, or
 * that it no longer exists.
 */
export function RecordLoadState({ title, what, error, missing, retry }: RecordLoadStateProps) {
  if (missing) {
    return <ModalShell title={title} description={`${capitalise(what)} no longer exists; it may have been deleted.`} />;
  }
  return (
    <ModalShell title={title} description={error ? '' : `Loading ${what}…`} busy={!error}>
      {error ? <LoadError what={what} error={error} onRetry={retry} /> : <Skeleton width="60%" />}
    </ModalShell>
  );
}

/** The record a modal edits, as `useRoute` (or a hook on it) loads it. */
export interface EditedRecord<T> {
  /** The record; `null` after a 404; `undefined` while not loaded. */
  data: T | null | undefined;
  error: unknown;
  retry: () => unknown;
  reload: () => Promise<unknown>;
}

export interface RecordFormProps<T extends { version: number }> extends Pick<RecordLoadStateProps, 'title' | 'what'> {
  /** The modal was given an id: it edits the record (and waits for it) rather than adding one. */
  editing: boolean;
  record: EditedRecord<T>;
  /** The form, given the record (`null` to add one) and a reload of its newest version (after a conflict). */
  children: (existing: T | null, reload: () => Promise<void>) => ReactNode;
}

/**
 * A modal that adds or edits one record: while editing, `RecordLoadState` until the record is there, then the form,
 * started again with each version of the record (a reload after a conflict shows the newest one).
 */
export function RecordForm<T extends { version: number }>({
  editing,
  record,
  title,
  what,
  children,
}: RecordFormProps<T>) {
  if (editing && !record.data) {
    return (
      <RecordLoadState
        title={title}
        what={what}
        error={record.error}
        missing={record.data === null}
        retry={record.retry}
      />
    );
  }
  return (
    <Fragment key={record.data?.version ?? 'new'}>
      {children(record.data ?? null, async () => {
        await record.reload();
      })}
    </Fragment>
  );
}

const noRetry = () => undefined;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface PricedRecordFormProps<T extends { version: number }> extends Omit<RecordFormProps<T>, 'children'> {
  /** The dialog title while a new record waits for the practice's currency ("Add service"). */
  addTitle: string;
  /** A currency already known (the record's, or the caller's): no wait for the practice's. */
  knownCurrency?: string | null;
  /** The form, given the record (`null` to add one), a reload of its newest version, and the currency it starts in. */
  children: (existing: T | null, reload: () => Promise<void>, currency: string) => ReactNode;
}

/**
 * `RecordForm` for a record with a price (a service, an invoice account, a fee rule, an expense): a new one waits (a
 * skeleton under `addTitle`) for the practice's currency, so its form never starts from a guess, and every form is
 * given the currency it starts in.
 */
export function PricedRecordForm<T extends { version: number }>({
  addTitle,
  knownCurrency,
  children,
  ...props
}: PricedRecordFormProps<T>) {
  const currency = usePracticeCurrency(knownCurrency);
  if (!props.editing && currency === undefined) {
    return <RecordLoadState title={addTitle} what="the form" error={null} missing={false} retry={noRetry} />;
  }
  return (
    <RecordForm {...props}>{(existing, reload) => children(existing, reload, currency ?? DEFAULT_CURRENCY)}</RecordForm>
  );
}
