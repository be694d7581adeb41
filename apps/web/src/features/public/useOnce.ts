import { useEffect, useRef, useState } from 'react';

type Outcome<T> = { status: 'pending' } | { status: 'done'; value: T } | { status: 'failed'; error: unknown };

const started = new Map<string, Promise<unknown>>();

/**
 * Runs a one-time action (a single-use link's token) once per key, even when React mounts the screen twice, and
 * reports its outcome.
 */
export function useOnce<T>(key: string, action: () => Promise<T>): Outcome<T> {
  const [outcome, setOutcome] = useState<Outcome<T>>({ status: 'pending' });
  const actionRef = useRef(action);
  useEffect(() => {
    actionRef.current = action;
  });
  useEffect(() => {
    let live = true;
    let promise = started.get(key) as Promise<T> | undefined;
    if (!promise) {
      promise = actionRef.current();
      started.set(key, promise);
    }
    promise.then(
      (value) => live && setOutcome({ status: 'done', value }),
      (error: unknown) => live && setOutcome({ status: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return outcome;
}
