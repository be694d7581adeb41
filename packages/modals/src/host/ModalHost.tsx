import { AlertDialog, Button } from '@halcyon/design-system';
import {
  Component,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { UNEXPECTED_ERROR_MESSAGE } from '../messages';
import { registry as defaultRegistry, type ModalRegistry } from '../registry';
import { isModalType, type SuccessResult } from '../types';
import { ModalInstanceContext, ModalStateContext, type ModalInstance } from './context';

export interface ModalHostProps {
  /** The type -> component table (default: the package's `registry`); tests and apps may pass their own. */
  registry?: ModalRegistry;
}

/**
 * Renders the open modal of the nearest `ModalProvider`: its lazily loaded component from the registry, with the host's
 * instance (close, success handling). An unknown type, a modal that fails to load or throws while rendering shows
 * SPEC.md's "An unexpected error occured. Please try again later.".
 */
export function ModalHost({ registry = defaultRegistry }: ModalHostProps) {
  const state = useContext(ModalStateContext);
  const current = state?.current ?? null;
  const closeModal = state?.closeModal;
  const key = current?.key;
  // Closes only the modal it was made for: success handling that opens the next modal must not close that one.
  const close = useCallback(() => {
    if (key !== undefined) closeModal?.(key);
  }, [closeModal, key]);
  if (!current) return null;

  const Modal = isModalType(current.type)
    ? (registry[current.type] as ComponentType<Record<string, unknown>> | undefined)
    : undefined;
  if (!Modal) {
    console.error(`Unknown modal type "${String(current.type)}".`);
    return <UnexpectedErrorModal key={current.key} onClose={close} />;
  }
  return (
    <ModalBoundary key={current.key} onClose={close}>
      <Suspense fallback={null}>
        <ModalInstanceProvider close={close}>
          <Modal {...(current.props as Record<string, unknown>)} />
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
