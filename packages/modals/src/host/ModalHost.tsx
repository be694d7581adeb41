import { AlertDialog, Button } from '@halcyon/design-system';
import {
  Component,
  Suspense,
  lazy,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { UNEXPECTED_ERROR_MESSAGE } from '../messages';
import type { ModalRegistry } from '../registry';
import { isModalType, type ModalType, type SuccessResult } from '../types';
import { ModalInstanceContext, ModalStateContext, type ModalInstance } from './context';

export interface ModalHostProps {
  /** The type -> component table (default: the package's `registry`); tests and apps may pass their own. */
  registry?: ModalRegistry;
}

let defaultRegistry: Promise<ModalRegistry> | undefined;
/**
 * The package's registry, loaded once, with the first modal opened (or soon after the host mounts): its table of lazy
 * imports and their preload lists grow with every modal, and they stay out of every page's first load this way.
 */
function loadDefaultRegistry(): Promise<ModalRegistry> {
  defaultRegistry ??= import('../registry').then((module) => module.registry);
  return defaultRegistry;
}

type AnyModal = ComponentType<Record<string, unknown>>;

/**
 * The open modal from the package's registry: loads the registry (once), then renders the type's lazy component. A type
 * the registry lacks throws, which the modal's boundary shows as the unexpected error.
 */
const FromDefaultRegistry = lazy(async () => {
  const table = await loadDefaultRegistry();
  function RegisteredModal({ modalType, modalProps }: { modalType: ModalType; modalProps: Record<string, unknown> }) {
    const Modal = table[modalType] as AnyModal | undefined;
    if (!Modal) throw new Error(`Unknown modal type "${modalType}".`);
    return <Modal {...modalProps} />;
  }
  return { default: RegisteredModal };
});

/** How long after the host mounts the default registry is fetched, so the first modal opens without waiting for it. */
const REGISTRY_WARM_UP_MS = 2000;

/**
 * Renders the open modal of the nearest `ModalProvider`: its lazily loaded component from the registry, with the host's
 * instance (close, success handling). An unknown type, a modal that fails to load or throws while rendering shows
 * SPEC.md's "An unexpected error occured. Please try again later.".
 */
export function ModalHost({ registry }: ModalHostProps) {
  const state = useContext(ModalStateContext);
  const current = state?.current ?? null;
  const closeModal = state?.closeModal;
  const key = current?.key;
  // Closes only the modal it was made for: success handling that opens the next modal must not close that one.
  const close = useCallback(() => {
    if (key !== undefined) closeModal?.(key);
  }, [closeModal, key]);
  useEffect(() => {
    if (registry) return;
    const timer = setTimeout(() => void loadDefaultRegistry(), REGISTRY_WARM_UP_MS);
    return () => clearTimeout(timer);
  }, [registry]);
  if (!current) return null;

  const type = isModalType(current.type) ? current.type : null;
  const Modal = type && registry ? (registry[type] as AnyModal | undefined) : undefined;
  if (!type || (registry && !Modal)) {
    console.error(`Unknown modal type "${String(current.type)}".`);
    return <UnexpectedErrorModal key={current.key} onClose={close} />;
  }
  const props = current.props as Record<string, unknown>;
  return (
    <ModalBoundary key={current.key} onClose={close}>
      <Suspense fallback={null}>
        <ModalInstanceProvider close={close}>
          {Modal ? <Modal {...props} /> : <FromDefaultRegistry modalType={type} modalProps={props} />}
        </ModalInstanceProvider>
      </Suspense>
    </ModalBoundary>
  );
}

function ModalInstanceProvider({ close, children }: { close: () => void; children: ReactNode }) {
  const [error, setError] = useState<string | null>(null);
  const [completed, setCompleted] = useState(false);

  const succeed = useCallback(
    async (handler?: () => SuccessResult) => {
      try {
        await handler?.();
      } catch (cause) {
        console.error('A modal failed in its success handling.', cause);
        setCompleted(true);
        setError(UNEXPECTED_ERROR_MESSAGE);
        return false;
      }
      close();
      return true;
    },
    [close],
  );

  const instance = useMemo<ModalInstance>(
    () => ({ close, succeed, error, completed }),
    [close, succeed, error, completed],
  );
  return <ModalInstanceContext.Provider value={instance}>{children}</ModalInstanceContext.Provider>;
}

/** SPEC.md §8's message for an unknown modal type or a modal that could not be shown. */
export function UnexpectedErrorModal({ onClose }: { onClose: () => void }) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Content size="sm">
        <AlertDialog.Title>Something went wrong</AlertDialog.Title>
        <AlertDialog.Description role="alert">{UNEXPECTED_ERROR_MESSAGE}</AlertDialog.Description>
        <AlertDialog.Footer>
          <AlertDialog.Cancel asChild>
            <Button variant="secondary">Close</Button>
          </AlertDialog.Cancel>
        </AlertDialog.Footer>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

interface BoundaryProps {
  onClose: () => void;
  children: ReactNode;
}

/** Catches a modal that fails to load or render, and shows the unexpected error instead of breaking the page. */
class ModalBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A modal failed to render.', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <UnexpectedErrorModal onClose={this.props.onClose} /> : this.props.children;
  }
}
