import { X } from 'lucide-react';
import * as RadixDialog from '@radix-ui/react-dialog';
import {
  forwardRef,
  useCallback,
  useMemo,
  useRef,
  type ComponentPropsWithoutRef,
  type ComponentRef,
  type HTMLAttributes,
} from 'react';
import { cx } from '../Field/cx';
import { mergeRefs } from '../Field/mergeRefs';
import { useFocusableScroll } from '../internal/useFocusableScroll';
import styles from './Dialog.module.css';

/** A busy dialog (`aria-busy`) cannot be closed from its corner button. */
export const isBusy = (value: boolean | 'true' | 'false' | undefined): boolean => value === true || value === 'true';

/** Development checks run unless a bundler marked the build as production (browsers without `process` count as dev). */
const isDevelopment = (): boolean => typeof process === 'undefined' || process.env.NODE_ENV !== 'production';

/** Width presets of `Dialog.Content` and `AlertDialog.Content`. */
export type DialogSize = 'sm' | 'md' | 'lg';

/** Shared class names of the dialog parts (AlertDialog reuses them). */
export const dialogStyles: Readonly<Record<string, string>> = styles;

const TABBABLE =
  'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex], [contenteditable="true"], summary';

/** The elements Tab reaches inside `root`, in order (links left out, as Radix leaves them out of the first focus). */
function tabbablesIn(root: Element): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) =>
      element.tabIndex >= 0 &&
      element.tagName !== 'A' &&
      !(element as HTMLButtonElement).disabled &&
      !element.closest('[inert], [hidden]'),
  );
}

/**
 * Where a dialog's first focus goes: Radix picks the first tabbable element, which is the scrolling body itself when a
 * long form overflows (the body joins the tab order so it can be scrolled). The first field inside it is where the
 * person starts, so that one is chosen instead.
 */
function firstFieldInScrollingBody(content: HTMLElement): HTMLElement | null {
  const [first] = tabbablesIn(content);
  if (!first) return null;
  const [inside] = tabbablesIn(first);
  return inside ?? null;
}

/**
 * Behaviour shared by `Dialog.Content` and `AlertDialog.Content`:
 * - the first focus goes to the first field, also when the body scrolls (not to the scrolling body itself); an alert
 *   dialog keeps Radix's choice (its Cancel button);
 * - focus returns to whatever had it when the dialog opened (the opener), also when the dialog was opened from code
 *   without a `Trigger`; if the opener has left the page, focus goes to the body;
 * - in development, a content without a title (`Dialog.Title`, or `aria-label`) is reported with console.error.
 */
export function useDialogContent(
  part: string,
  handlers: {
    onOpenAutoFocus?: ((event: Event) => void) | undefined;
    onCloseAutoFocus?: ((event: Event) => void) | undefined;
  },
) {
  const opener = useRef<HTMLElement | null>(null);
  const { onOpenAutoFocus, onCloseAutoFocus } = handlers;

  // Radix fires this on the content as the dialog opens, before it moves focus inside: the focused element is still the
  // opener.
  const handleOpenAutoFocus = useCallback(
    (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      const content = event.target;
      if (isDevelopment() && content instanceof HTMLElement && !content.hasAttribute('aria-label')) {
        const labelledBy = content.getAttribute('aria-labelledby');
        if (!labelledBy || !document.getElementById(labelledBy)) {
          console.error(
            `${part} requires a title (${part.replace('.Content', '.Title')}) so screen readers can name it.`,
          );
        }
      }
      onOpenAutoFocus?.(event);
      if (event.defaultPrevented || part !== 'Dialog.Content' || !(content instanceof HTMLElement)) return;
      const field = firstFieldInScrollingBody(content);
      if (!field) return;
      event.preventDefault();
      field.focus();
    },
    [onOpenAutoFocus, part],
  );

  const handleCloseAutoFocus = useCallback(
    (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      const target = opener.current;
      if (target?.isConnected) target.focus();
    },
    [onCloseAutoFocus],
  );

  return { onOpenAutoFocus: handleOpenAutoFocus, onCloseAutoFocus: handleCloseAutoFocus };
}

export type DialogRootProps = ComponentPropsWithoutRef<typeof RadixDialog.Root>;

/**
 * Owns the open state: uncontrolled with `defaultOpen`, or controlled with `open` + `onOpenChange`. Modal by default:
 * the page behind is inert, focus is trapped inside and returns to the opener when the dialog closes.
 */
function Root(props: DialogRootProps) {
  return <RadixDialog.Root {...props} />;
}

export type DialogTriggerProps = ComponentPropsWithoutRef<typeof RadixDialog.Trigger>;

/** The button that opens the dialog; focus comes back to it on close. Use `asChild` to wrap a design-system Button. */
const Trigger = forwardRef<ComponentRef<typeof RadixDialog.Trigger>, DialogTriggerProps>(
  function DialogTrigger(props, ref) {
    return <RadixDialog.Trigger ref={ref} {...props} />;
  },
);

export interface DialogContentProps extends ComponentPropsWithoutRef<typeof RadixDialog.Content> {
  /** Width preset (default `md`). */
  size?: DialogSize;
  /** Show the close (×) button in the corner (default true). */
  showClose?: boolean;
  /** Accessible name of the close button. */
  closeLabel?: string;
  /** Where the portal renders (default `document.body`). */
  container?: HTMLElement | null;
}

/**
 * The dialog box, portalled over a dimmed overlay. Must contain a `Dialog.Title` (Radix reports a missing title in
 * development). Escape and a click outside close it unless `onEscapeKeyDown` / `onInteractOutside` prevent it.
 */
const Content = forwardRef<ComponentRef<typeof RadixDialog.Content>, DialogContentProps>(function DialogContent(
  {
    size = 'md',
    showClose = true,
    closeLabel = 'Close',
    container,
    className,
    children,
    onOpenAutoFocus,
    onCloseAutoFocus,
    ...rest
  },
  forwardedRef,
) {
  const behaviour = useDialogContent('Dialog.Content', { onOpenAutoFocus, onCloseAutoFocus });
  return (
    <RadixDialog.Portal container={container}>
      <RadixDialog.Overlay className={styles.overlay} />
      <RadixDialog.Content
        ref={forwardedRef}
        onOpenAutoFocus={behaviour.onOpenAutoFocus}
        onCloseAutoFocus={behaviour.onCloseAutoFocus}
        data-size={size}
        className={cx(styles.content, className)}
        {...rest}
      >
        {children}
        {showClose && (
          <RadixDialog.Close className={styles.close} aria-label={closeLabel} disabled={isBusy(rest['aria-busy'])}>
            <X aria-hidden className={styles.closeIcon} />
          </RadixDialog.Close>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
});

export type DialogTitleProps = ComponentPropsWithoutRef<typeof RadixDialog.Title>;

/** The dialog's heading and accessible name (required). */
const Title = forwardRef<ComponentRef<typeof RadixDialog.Title>, DialogTitleProps>(function DialogTitle(
  { className, ...rest },
  ref,
) {
  return <RadixDialog.Title ref={ref} className={cx(styles.title, className)} {...rest} />;
});

export type DialogDescriptionProps = ComponentPropsWithoutRef<typeof RadixDialog.Description>;

/** One sentence under the title, announced with it. Without one, pass `aria-describedby={undefined}` to Content. */
const Description = forwardRef<ComponentRef<typeof RadixDialog.Description>, DialogDescriptionProps>(
  function DialogDescription({ className, ...rest }, ref) {
    return <RadixDialog.Description ref={ref} className={cx(styles.description, className)} {...rest} />;
  },
);

export type DialogBodyProps = HTMLAttributes<HTMLDivElement>;

/**
 * The scrollable middle: long forms scroll here while the title and footer stay in view. When its content
 * overflows, the body joins the tab order so keyboard users can scroll it.
 */
export const DialogBody = forwardRef<HTMLDivElement, DialogBodyProps>(function DialogBody(
  { className, tabIndex, ...rest },
  ref,
) {
  const [measureRef, scrollTabIndex] = useFocusableScroll();
  const bodyRef = useMemo(() => mergeRefs(ref, measureRef), [ref, measureRef]);
  return <div ref={bodyRef} className={cx(styles.body, className)} tabIndex={tabIndex ?? scrollTabIndex} {...rest} />;
});

export type DialogFooterProps = HTMLAttributes<HTMLDivElement>;

/** The row of actions at the bottom, primary action last. */
export const DialogFooter = forwardRef<HTMLDivElement, DialogFooterProps>(function DialogFooter(
  { className, ...rest },
  ref,
) {
  return <div ref={ref} className={cx(styles.footer, className)} {...rest} />;
});

export type DialogCloseProps = ComponentPropsWithoutRef<typeof RadixDialog.Close>;

/** Closes the dialog; use `asChild` to make a design-system Button close it (e.g. "Cancel"). */
const Close = forwardRef<ComponentRef<typeof RadixDialog.Close>, DialogCloseProps>(function DialogClose(props, ref) {
  return <RadixDialog.Close ref={ref} {...props} />;
});

/**
 * A modal dialog on Radix Dialog: `Dialog.Root`, `Dialog.Trigger`, `Dialog.Content` (size sm|md|lg), `Dialog.Title`
 * (required), `Dialog.Description`, `Dialog.Body`, `Dialog.Footer`, `Dialog.Close`. Parts expose `data-state`.
 */
export const Dialog = { Root, Trigger, Content, Title, Description, Body: DialogBody, Footer: DialogFooter, Close };
