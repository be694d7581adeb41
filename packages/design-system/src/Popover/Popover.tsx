import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import { X } from 'lucide-react';
import * as RadixPopover from '@radix-ui/react-popover';
import styles from './Popover.module.css';
import { cx } from '../Field/cx';

export type PopoverRootProps = ComponentPropsWithoutRef<typeof RadixPopover.Root>;

/** Holds the open state: uncontrolled with `defaultOpen`, controlled with `open` + `onOpenChange`. */
function Root(props: PopoverRootProps) {
  return <RadixPopover.Root {...props} />;
}

export type PopoverTriggerProps = ComponentPropsWithoutRef<typeof RadixPopover.Trigger>;

/** Toggles the popover; pass `asChild` to use your own button. */
const Trigger = forwardRef<ComponentRef<typeof RadixPopover.Trigger>, PopoverTriggerProps>(
  function PopoverTrigger(props, ref) {
    return <RadixPopover.Trigger ref={ref} {...props} />;
  },
);

export interface PopoverContentProps extends ComponentPropsWithoutRef<typeof RadixPopover.Content> {
  /** Shows a close button (labelled "Close") in the corner. */
  showClose?: boolean;
}

/**
 * The floating panel (role="dialog"); focus moves into it on open and back to the trigger on close; Escape and a click
 * outside close it. Name it with `aria-label` or `aria-labelledby`.
 */
const Content = forwardRef<ComponentRef<typeof RadixPopover.Content>, PopoverContentProps>(function PopoverContent(
  { className, children, showClose = false, sideOffset = 6, ...rest },
  ref,
) {
  return (
    <RadixPopover.Portal>
      <RadixPopover.Content ref={ref} sideOffset={sideOffset} className={cx(styles.content, className)} {...rest}>
        {children}
        {showClose && (
          <RadixPopover.Close className={styles.close} aria-label="Close">
            <X aria-hidden className={styles.icon} />
          </RadixPopover.Close>
        )}
        <RadixPopover.Arrow className={styles.arrow} />
      </RadixPopover.Content>
    </RadixPopover.Portal>
  );
});

/** Popover on Radix Popover: `Popover.Root`, `Popover.Trigger`, `Popover.Anchor`, `Popover.Content`, `Popover.Close`. */
export const Popover = { Root, Trigger, Anchor: RadixPopover.Anchor, Content, Close: RadixPopover.Close };
