export { AppShell } from './AppShell';
export type { AppShellProps } from './AppShell';
export { useMediaQuery } from './useMediaQuery';
export { NARROW_SCREEN_QUERY, useShellState } from './useShellState';
export type { ShellState, ShellStateOptions } from './useShellState';
