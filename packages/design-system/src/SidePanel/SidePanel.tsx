import { X } from 'lucide-react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useControllableState } from '@radix-ui/react-use-controllable-state';
import { forwardRef, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../Field/cx';
import { useFocusableScroll } from '../internal/useFocusableScroll';
import styles from './SidePanel.module.css';

export interface SidePanelProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The panel's heading, e.g. "You have 3 new notifications". */
  title: ReactNode;
  description?: ReactNode;
  /** Accessible name of the close button. */
  closeLabel?: string;
  /** Content under the header, e.g. the notification list. */
  children?: ReactNode;
  /** Narrow screens: the panel floats over the page as a modal with a backdrop (a click on it closes the panel). */
  overlay?: boolean;
  /** Close when the user clicks or tabs outside the panel (default: only the close button and Escape close it). */
  closeOnOutsideInteraction?: boolean;
}

/**
 * A non-modal panel at the end of the shell (the notifications panel). It moves focus into itself when opened,
 * closes on Escape or its close button, and returns focus to whatever had it before opening.
 */
export const SidePanel = forwardRef<HTMLDivElement, SidePanelProps>(function SidePanel(
  {
    open: openProp,
    defaultOpen = false,
    onOpenChange,
    title,
    description,
    closeLabel = 'Close',
    children,
    overlay = false,
    closeOnOutsideInteraction = false,
    className,
    ...rest
  },
  ref,
) {
  const [open, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen,
    onChange: onOpenChange,
    caller: 'SidePanel',
  });
  const returnFocusTo = useRef<HTMLElement | null>(null);
  // A long list scrolls inside the body; it then takes focus so the keyboard can scroll it.
  const [bodyRef, bodyTabIndex] = useFocusableScroll();

  return (
    // Docked it is non-modal (the page stays usable); overlaying a narrow screen it is modal with a backdrop.
    <RadixDialog.Root open={open} onOpenChange={setOpen} modal={overlay}>
      {overlay && <RadixDialog.Overlay className={styles.backdrop} data-part="backdrop" />}
      <RadixDialog.Content
        ref={ref}
        className={cx(styles.root, className)}
        data-layout={overlay ? 'overlay' : 'docked'}
        {...(description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={() => {
          returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const target = returnFocusTo.current;
          if (target?.isConnected) target.focus();
        }}
        onInteractOutside={(event) => {
          if (!closeOnOutsideInteraction && !overlay) event.preventDefault();
        }}
        {...rest}
      >
        <div className={styles.header}>
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          <RadixDialog.Close className={styles.close} aria-label={closeLabel}>
            <X aria-hidden className={styles.closeIcon} />
          </RadixDialog.Close>
        </div>
        {description ? (
          <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
        ) : null}
        <div ref={bodyRef} className={styles.body} tabIndex={bodyTabIndex}>
          {children}
        </div>
      </RadixDialog.Content>
    </RadixDialog.Root>
  );
});
