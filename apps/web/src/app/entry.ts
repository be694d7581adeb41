/**
 * The paths the light sign-in entry serves (`main.tsx`): `/`, which shows /Login, and /Login itself, matched like the
 * route table matches (any case, optional trailing slash). Every other path starts the whole app.
 */
export function isLoginEntryPath(pathname: string): boolean {
  return /^\/(login\/?)?$/i.test(pathname);
}

/**
 * A history entry as react-router's browser history writes it (`usr` is the location's state), so the router that
 * starts after the light entry reads the same path and state, and its back button works across the hand-over.
 */
export function routerHistoryState(state: unknown, index: number): { usr: unknown; key: string; idx: number } {
  return { usr: state ?? null, key: Math.random().toString(36).slice(2, 10), idx: index };
}

/** The state the current history entry was opened with (react-router's `location.state`). */
export function currentHistoryState(): unknown {
  const entry = window.history.state as { usr?: unknown } | null;
  return entry?.usr ?? null;
}
