import * as RadixAlertDialog from '@radix-ui/react-alert-dialog';
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import { DialogBody, DialogFooter, dialogStyles as styles, useDialogContent, type DialogSize } from '../Dialog/Dialog';
import { cx } from '../Field/cx';

export type AlertDialogRootProps = ComponentPropsWithoutRef<typeof RadixAlertDialog.Root>;

/** Owns the open state (controlled with `open` + `onOpenChange`, or `defaultOpen`). */
function Root(props: AlertDialogRootProps) {
  return <RadixAlertDialog.Root {...props} />;
}

export type AlertDialogTriggerProps = ComponentPropsWithoutRef<typeof RadixAlertDialog.Trigger>;

/** The button that asks for the confirmation; focus comes back to it on close. */
const Trigger = forwardRef<ComponentRef<typeof RadixAlertDialog.Trigger>, AlertDialogTriggerProps>(
  function AlertDialogTrigger(props, ref) {
    return <RadixAlertDialog.Trigger ref={ref} {...props} />;
  },
);

export interface AlertDialogContentProps extends ComponentPropsWithoutRef<typeof RadixAlertDialog.Content> {
  /** Width preset (default `sm`). */
  size?: DialogSize;
  /** Where the portal renders (default `document.body`). */
  container?: HTMLElement | null;
}

/**
 * The confirmation box (role="alertdialog"). A click outside never closes it; Escape and `AlertDialog.Cancel` do.
 * Focus starts on Cancel, so a stray Enter never confirms a destructive action. Needs an `AlertDialog.Title`.
 */
const Content = forwardRef<ComponentRef<typeof RadixAlertDialog.Content>, AlertDialogContentProps>(
  function AlertDialogContent(
    { size = 'sm', container, className, onOpenAutoFocus, onCloseAutoFocus, ...rest },
    forwardedRef,
  ) {
    const behaviour = useDialogContent('AlertDialog.Content', { onOpenAutoFocus, onCloseAutoFocus });
    return (
      <RadixAlertDialog.Portal container={container}>
        <RadixAlertDialog.Overlay className={styles.overlay} />
        <RadixAlertDialog.Content
          ref={forwardedRef}
          onOpenAutoFocus={behaviour.onOpenAutoFocus}
          onCloseAutoFocus={behaviour.onCloseAutoFocus}
          data-size={size}
          className={cx(styles.content, className)}
          {...rest}
        />
      </RadixAlertDialog.Portal>
    );
  },
);

export type AlertDialogTitleProps = ComponentPropsWithoutRef<typeof RadixAlertDialog.Title>;

/** The question being asked, e.g. "Discard changes?" (required). */
const Title = forwardRef<ComponentRef<typeof RadixAlertDialog.Title>, AlertDialogTitleProps>(function AlertDialogTitle(
  { className, ...rest },
  ref,
) {
  return <RadixAlertDialog.Title ref={ref} className={cx(styles.title, className)} {...rest} />;
});

export type AlertDialogDescriptionProps = ComponentPropsWithoutRef<typeof RadixAlertDialog.Description>;

/** What happens if the user confirms. */
const Description = forwardRef<ComponentRef<typeof RadixAlertDialog.Description>, AlertDialogDescriptionProps>(
  function AlertDialogDescription({ className, ...rest }, ref) {
    return <RadixAlertDialog.Description ref={ref} className={cx(styles.description, className)} {...rest} />;
  },
);

export type AlertDialogCancelProps = ComponentPropsWithoutRef<typeof RadixAlertDialog.Cancel>;

/** Closes without acting; receives focus when the dialog opens. Use `asChild` with a Button. */
const Cancel = forwardRef<ComponentRef<typeof RadixAlertDialog.Cancel>, AlertDialogCancelProps>(
  function AlertDialogCancel(props, ref) {
    return <RadixAlertDialog.Cancel ref={ref} {...props} />;
  },
);

export type AlertDialogActionProps = ComponentPropsWithoutRef<typeof RadixAlertDialog.Action>;

/** Confirms and closes. Use `asChild` with a Button (`variant="danger"` for destructive actions). */
const Action = forwardRef<ComponentRef<typeof RadixAlertDialog.Action>, AlertDialogActionProps>(
  function AlertDialogAction(props, ref) {
    return <RadixAlertDialog.Action ref={ref} {...props} />;
  },
);

/**
 * A confirmation dialog on Radix AlertDialog, shaped like `Dialog`: `AlertDialog.Root`, `Trigger`, `Content` (size),
 * `Title` (required), `Description`, `Body`, `Footer`, `Cancel` (alias `Close`) and `Action`.
 */
export const AlertDialog = {
  Root,
  Trigger,
  Content,
  Title,
  Description,
  Body: DialogBody,
  Footer: DialogFooter,
  Cancel,
  Close: Cancel,
  Action,
};
