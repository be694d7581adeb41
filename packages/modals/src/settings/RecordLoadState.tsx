import { Skeleton } from '@halcyon/design-system';
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

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
