import { createContext, useContext } from 'react';
import type { ModalType, OpenArgs, SuccessResult } from '../types';

/** The modal on screen: its type (anything, when untyped code opened it) and props. */
export interface OpenModal {
  /** Changes every time a modal opens, so the next modal starts fresh. */
  key: number;
  type: ModalType | (string & {});
  props: unknown;
  /** The element that had focus when the modal was opened; focus returns to it. */
  opener: HTMLElement | null;
}

export interface ModalApi {
  /** Opens a modal by type with that type's props (replacing any open one). */
  open: <T extends ModalType>(type: T, ...args: OpenArgs<T>) => void;
  /** Closes the open modal at once (no unsaved-changes question; the user's own close goes through the guard). */
  close: () => void;
  /** The open modal, or null. */
  current: { type: ModalType | (string & {}); props: unknown } | null;
}

export const ModalApiContext = createContext<ModalApi | null>(null);
/** What the provider gives its host: the open modal, and a close that only closes that very modal. */
export interface ModalHostState {
  current: OpenModal | null;
  /** Closes the modal with this key; a no-op once another modal has replaced it. */
  closeModal: (key: number) => void;
}

export const ModalStateContext = createContext<ModalHostState | null>(null);

/** `open(type, props)`, `close()` and `current` of the nearest `ModalProvider`. */
export function useModal(): ModalApi {
  const api = useContext(ModalApiContext);
  if (!api) throw new Error('useModal must be used inside <ModalProvider>.');
  return api;
}

/** What the host gives the modal it renders (ModalShell and useModalForm read it). */
export interface ModalInstance {
  /** Closes this modal. */
  close: () => void;
  /**
   * Runs the modal's success handling (the caller's `onSaved`, cache updates) and closes the modal. If it throws, the
   * modal stays open with SPEC.md's "An unexpected error occured. Please try again later." and can only be closed.
   * Resolves true when it succeeded.
   */
  succeed: (handler?: () => SuccessResult) => Promise<boolean>;
  /** The host's error for this modal (a failed success handling), shown in the shell's error area. */
  error: string | null;
  /** The work is done (saved) even if its success handling failed: the primary action is off, closing is free. */
  completed: boolean;
}

export const ModalInstanceContext = createContext<ModalInstance | null>(null);

/** The host's instance for the modal being rendered, or null outside a `ModalHost` (tests of a single modal). */
export function useModalInstance(): ModalInstance | null {
  return useContext(ModalInstanceContext);
}
