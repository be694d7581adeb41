import { canRetry, loadErrorMessage, type QueryView } from '@halcyon/api/swr';
import { Button, EmptyState, Skeleton } from '@halcyon/design-system';
import { useState, type ReactNode } from 'react';

export interface LoadErrorProps {
  /** What could not be loaded, as a person names it: "the sessions", "this client". */
  what: string;
  /** The failure (an `ApiError`); it picks the sentence and whether Retry can help. */
  error: unknown;
  /** Loads again (a hook's `retry`). */
  onRetry?: () => unknown;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The one way a failed read is shown: what failed, why in plain words, and a Retry button where trying again can help. */
export function LoadError({ what, error, onRetry, headingLevel = 3, className }: LoadErrorProps) {
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry?.();
    } catch {
      // The hook keeps the new failure; this stays on screen with it.
    } finally {
      setRetrying(false);
    }
  };
  return (
    <EmptyState
      role="alert"
      data-state="error"
      className={className}
      headingLevel={headingLevel}
      title={`${capitalise(what)} could not be loaded`}
      description={loadErrorMessage(error)}
      action={
        onRetry && canRetry(error) ? (
          <Button variant="secondary" onClick={() => void retry()} disabled={retrying}>
            {retrying ? 'Retrying…' : 'Retry'}
          </Button>
        ) : undefined
      }
    />
  );
}

/** The part of a `useRoute` resource `QueryState` reads. */
export interface QueryResource<T> {
  data: T | undefined;
  error: unknown;
  view: QueryView;
  retry: () => unknown;
}

export interface QueryStateProps<T> {
  resource: QueryResource<T>;
  /** What it holds, for the error title: "the sessions". */
  what: string;
  /** Shown while loading (default: three skeleton lines). */
  loading?: ReactNode;
  /** Shown when there is nothing (a 404 or an empty list); say what to do next. Default: the children. */
  empty?: ReactNode;
  /** Overrides what counts as empty for this data. */
  isEmpty?: (data: T) => boolean;
  /** The data on screen. */
  children: (data: NonNullable<T>) => ReactNode;
  headingLevel?: 2 | 3 | 4;
}

/** One read on screen: skeleton, then the data, its empty state, or a clear error with Retry (never a skeleton for ever). */
export function QueryState<T>({ resource, what, loading, empty, isEmpty, children, headingLevel }: QueryStateProps<T>) {
  const { data, view } = resource;
  if (view === 'error') {
    return <LoadError what={what} error={resource.error} onRetry={resource.retry} headingLevel={headingLevel} />;
  }
  if (view === 'loading' || data === undefined) {
    return (
      loading ?? (
        <div aria-busy="true" aria-label={`Loading ${what}`}>
          <Skeleton width="70%" />
          <Skeleton width="50%" />
          <Skeleton width="60%" />
        </div>
      )
    );
  }
  const nothing = data === null || (isEmpty ? isEmpty(data) : view === 'empty');
  if (nothing && empty !== undefined) return <>{empty}</>;
  if (data === null) return null;
  return <>{children(data)}</>;
}
