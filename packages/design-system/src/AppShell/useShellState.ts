import { useCallback, useState } from 'react';
import { breakpoints } from '../tokens';
import { useMediaQuery } from './useMediaQuery';

/** Matches at or below the sidebar breakpoint (SPEC.md §9: the sidebar is open above 1200 px, closed at or below). */
export const NARROW_SCREEN_QUERY = `(max-width: ${breakpoints.sidebar}px)`;

export interface ShellState {
  /** At or below the sidebar breakpoint: the sidebar and the side panel overlay the page. */
  narrow: boolean;
  sidebarOpen: boolean;
  setSidebarOpen: (open: boolean) => void;
  sidebarCollapsed: boolean;
  setSidebarCollapsed: (collapsed: boolean) => void;
  panelOpen: boolean;
  setPanelOpen: (open: boolean) => void;
  /** Call on every route change: closes the sidebar when it overlays the page. */
  onNavigate: () => void;
}

export interface ShellStateOptions {
  /** Overrides the media query, e.g. in tests and stories. */
  narrow?: boolean;
  defaultCollapsed?: boolean;
  /**
   * Remembers the collapse toggle in local storage under this key, so the choice survives a reload (a UI preference of
   * this browser, nothing clinical). Without it the choice lasts for the visit.
   */
  collapsedStorageKey?: string;
}

function readCollapsed(key: string | undefined): boolean | undefined {
  if (!key) return undefined;
  try {
    const stored = window.localStorage.getItem(key);
    return stored === 'true' ? true : stored === 'false' ? false : undefined;
  } catch {
    return undefined;
  }
}

function writeCollapsed(key: string | undefined, collapsed: boolean): void {
  if (!key) return;
  try {
    window.localStorage.setItem(key, String(collapsed));
  } catch {
    // Storage refused (private browsing, quota): the toggle still works for this visit.
  }
}

/**
 * The shell's open/closed rules from SPEC.md §2: the sidebar is open by default above the breakpoint and closed at or
 * below it (re-applied whenever the width crosses it); on a narrow screen opening the sidebar closes the side panel and
 * the reverse, and navigating closes the sidebar.
 */
export function useShellState(options: ShellStateOptions = {}): ShellState {
  const queryNarrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const narrow = options.narrow ?? queryNarrow;
  // The user's choice only holds until the width crosses the breakpoint, which restores the default.
  const [sidebarChoice, setSidebarChoice] = useState<{ open: boolean; narrow: boolean } | null>(null);
  const [seenNarrow, setSeenNarrow] = useState(narrow);
  if (seenNarrow !== narrow) {
    setSeenNarrow(narrow);
    setSidebarChoice(null);
  }
  const sidebarOpen = sidebarChoice && sidebarChoice.narrow === narrow ? sidebarChoice.open : !narrow;
  const [panelOpen, setPanelOpenState] = useState(false);
  const { collapsedStorageKey } = options;
  const [sidebarCollapsed, setCollapsedState] = useState(
    () => readCollapsed(collapsedStorageKey) ?? options.defaultCollapsed ?? false,
  );
  const setSidebarCollapsed = useCallback(
    (collapsed: boolean) => {
      setCollapsedState(collapsed);
      writeCollapsed(collapsedStorageKey, collapsed);
    },
    [collapsedStorageKey],
  );

  const setSidebarOpen = useCallback(
    (open: boolean) => {
      setSidebarChoice({ open, narrow });
      if (open && narrow) setPanelOpenState(false);
    },
    [narrow],
  );
  const setPanelOpen = useCallback(
    (open: boolean) => {
      setPanelOpenState(open);
      if (open && narrow) setSidebarChoice({ open: false, narrow });
    },
    [narrow],
  );
  const onNavigate = useCallback(() => {
    if (narrow) setSidebarChoice({ open: false, narrow });
  }, [narrow]);

  return {
    narrow,
    sidebarOpen,
    setSidebarOpen,
    sidebarCollapsed,
    setSidebarCollapsed,
    panelOpen,
    setPanelOpen,
    onNavigate,
  };
}
