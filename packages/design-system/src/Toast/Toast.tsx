import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type ComponentRef,
  type ReactNode,
} from 'react';
import { X } from 'lucide-react';
import * as RadixToast from '@radix-ui/react-toast';
import styles from './Toast.module.css';
import { cx } from '../Field/cx';

export type ToastVariant = 'neutral' | 'success' | 'error';

export interface ToastAction {
  label: string;
  /** How a screen-reader user reaches the same action elsewhere (Radix requires it), e.g. "Undo from the Trash page". */
  altText: string;
  onClick: () => void;
}

export interface ToastProps extends Omit<ComponentPropsWithoutRef<typeof RadixToast.Root>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** error toasts are announced at once (foreground); others politely. */
  variant?: ToastVariant;
  action?: ToastAction;
}

/**
 * One toast on Radix Toast: a transient message in the corner that pauses on hover/focus, can be swiped away and is
 * announced. Usually created through `useToast()`; controlled with `open` + `onOpenChange` when rendered directly.
 */
export const Toast = forwardRef<ComponentRef<typeof RadixToast.Root>, ToastProps>(function Toast(
  { title, description, variant = 'neutral', action, className, type, ...rest },
  ref,
) {
  return (
    <RadixToast.Root
      ref={ref}
      type={type ?? (variant === 'error' ? 'foreground' : 'background')}
      data-variant={variant}
      className={cx(styles.root, className)}
      {...rest}
    >
      <div className={styles.text}>
        <RadixToast.Title className={styles.title}>{title}</RadixToast.Title>
        {description && <RadixToast.Description className={styles.description}>{description}</RadixToast.Description>}
      </div>
      {action && (
        <RadixToast.Action altText={action.altText} className={styles.action} onClick={action.onClick}>
          {action.label}
        </RadixToast.Action>
      )}
      <RadixToast.Close className={styles.close} aria-label="Dismiss">
        <X aria-hidden />
      </RadixToast.Close>
    </RadixToast.Root>
  );
});

export type ToastViewportProps = ComponentPropsWithoutRef<typeof RadixToast.Viewport>;

/** Where toasts appear (bottom-right); render one inside `ToastProvider`. F8 moves focus to it. */
export const ToastViewport = forwardRef<ComponentRef<typeof RadixToast.Viewport>, ToastViewportProps>(
  function ToastViewport({ className, ...rest }, ref) {
    return <RadixToast.Viewport ref={ref} className={cx(styles.viewport, className)} {...rest} />;
  },
);

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** ms before it closes; default the provider's `duration`. */
  duration?: number;
  action?: ToastAction;
}

interface ToastEntry extends ToastInput {
  id: string;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  toast: (input: ToastInput) => string;
  dismiss: (id: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export interface ToastProviderProps extends ComponentPropsWithoutRef<typeof RadixToast.Provider> {
  children?: ReactNode;
}

/** Holds toasts created with `useToast()`; put a `<ToastViewport />` inside it. Default duration 5000 ms. */
export function ToastProvider({ children, duration = 5000, label = 'Notifications', ...rest }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const prefix = useId();
  const counter = useRef(0);

  const toast = useCallback(
    (input: ToastInput) => {
      counter.current += 1;
      const id = `toast${prefix}${counter.current}`;
      setToasts((current) => [...current, { ...input, id }]);
      return id;
    },
    [prefix],
  );
  const dismiss = useCallback((id: string) => setToasts((current) => current.filter((t) => t.id !== id)), []);
  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      <RadixToast.Provider duration={duration} label={label} {...rest}>
        {children}
        {toasts.map(({ id, ...t }) => (
          <Toast
            key={id}
            title={t.title}
            description={t.description}
            variant={t.variant}
            action={t.action}
            duration={t.duration}
            onOpenChange={(open) => {
              if (!open) dismiss(id);
            }}
          />
        ))}
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/** `{ toast({ title, description?, variant?, duration?, action? }) => id, dismiss(id) }`; needs a `ToastProvider`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() must be used inside a <ToastProvider>.');
  return api;
}
