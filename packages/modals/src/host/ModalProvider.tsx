import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ModalType, OpenArgs } from '../types';
import { ModalApiContext, ModalStateContext, type ModalApi, type ModalHostState, type OpenModal } from './context';

export interface ModalProviderProps {
  children?: ReactNode;
}

/** Moves focus back to the opener once the dialog has let go of it, if nothing else took it. */
function returnFocus(opener: HTMLElement | null) {
  setTimeout(() => {
    const active = document.activeElement;
    if (opener?.isConnected && (!active || active === document.body)) opener.focus();
  }, 0);
}

/**
 * Holds the one open modal of the app. Put it at the app root (inside ApiProvider and BannerProvider) with one
 * `<ModalHost />` below it; anything inside calls `useModal().open(type, props)`.
 */
export function ModalProvider({ children }: ModalProviderProps) {
  const [current, setCurrent] = useState<OpenModal | null>(null);
  const currentRef = useRef<OpenModal | null>(null);
  const nextKey = useRef(1);

  const show = useCallback((next: OpenModal | null) => {
    currentRef.current = next;
    setCurrent(next);
  }, []);

  const open = useCallback(
    <T extends ModalType>(type: T, ...args: OpenArgs<T>) => {
      const active = document.activeElement;
      const focused = active instanceof HTMLElement && active !== document.body ? active : null;
      const key = nextKey.current;
      nextKey.current += 1;
      // A modal opened from another keeps the first opener: focus goes back to the page, not to a closed modal.
      show({ key, type, props: args[0] ?? {}, opener: currentRef.current?.opener ?? focused });
    },
    [show],
  );

  const closeModal = useCallback(
    (key?: number) => {
      const previous = currentRef.current;
      if (!previous || (key !== undefined && previous.key !== key)) return;
      show(null);
      returnFocus(previous.opener);
    },
    [show],
  );
  const close = useCallback(() => closeModal(), [closeModal]);

  const api = useMemo<ModalApi>(
    () => ({ open, close, current: current ? { type: current.type, props: current.props } : null }),
    [open, close, current],
  );

  const hostState = useMemo<ModalHostState>(() => ({ current, closeModal }), [current, closeModal]);

  return (
    <ModalApiContext.Provider value={api}>
      <ModalStateContext.Provider value={hostState}>{children}</ModalStateContext.Provider>
    </ModalApiContext.Provider>
  );
}
