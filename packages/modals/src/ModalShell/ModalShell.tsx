import { AlertDialog, Button, Dialog, Sensitive, type DialogSize } from '@halcyon/design-system';
import { useCallback, useId, useState, type FormEventHandler, type ReactNode } from 'react';
import { DISCARD_CHANGES_DESCRIPTION, DISCARD_CHANGES_TITLE } from '../messages';
import { ConflictActions, type ModalConflict } from '../form/ConflictActions';
import { useModalInstance } from '../host/context';
import styles from './ModalShell.module.css';

export interface ModalShellProps {
  /** The dialog's heading and accessible name (required). */
  title: string;
  /** One sentence under the title saying what the modal does (required). */
  description: ReactNode;
  /** The body: fields, details. It scrolls when long. */
  children?: ReactNode;
  size?: DialogSize;
  /**
   * `form` (default): a Dialog; a click outside or Escape asks to discard unsaved changes.
   * `confirm`: an AlertDialog (role="alertdialog") for confirmations such as delete-item; a click outside never closes.
   */
  variant?: 'form' | 'confirm';
  /** The primary action's label, e.g. "Save", "Delete", "Apply". Without one the modal is a view with a Close button. */
  submitLabel?: string;
  /** `danger` for destructive primary actions. */
  submitVariant?: 'primary' | 'danger';
  /** Makes body and footer one `<form>`: the primary button submits it (react-hook-form's `handleSubmit(...)`). */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** The primary action when the modal is not a form. */
  onConfirm?: () => void;
  /** The secondary button's label (default "Cancel", or "Close" for a view). */
  cancelLabel?: string;
  /** More footer actions, shown at the start of the footer (e.g. "Reset"). */
  extraActions?: ReactNode;
  /** Work in progress: buttons are disabled, the dialog is aria-busy and cannot be closed. */
  busy?: boolean;
  /** The message of a failed action, shown above the body; the form keeps what the user typed. */
  error?: string | null;
  /** Actions shown with the error (e.g. "Schedule anyway"). */
  errorActions?: ReactNode;
  /** A save refused because the record changed meanwhile (`useModalForm`'s `shellProps`). */
  conflict?: ModalConflict | null;
  /**
   * Loads the newest version of the record into the form. With a `conflict`, the error area offers "Copy my text" and
   * "Reload the newest version" instead of `errorActions`.
   */
  onReload?: () => void | Promise<void>;
  /** The form has unsaved changes: closing asks "Discard changes?" first. */
  dirty?: boolean;
  /** Closes the modal (default: the host's close). */
  onClose?: () => void;
  className?: string;
}

/**
 * The frame every modal uses: title, description, scrollable body, footer actions, busy state, an error area, and a
 * guard against closing with unsaved changes. Focus returns to the opener when it closes.
 */
export function ModalShell({
  title,
  description,
  children,
  size = 'md',
  variant = 'form',
  submitLabel,
  submitVariant = 'primary',
  onSubmit,
  onConfirm,
  cancelLabel,
  extraActions,
  busy = false,
  error,
  errorActions,
  conflict,
  onReload,
  dirty = false,
  onClose,
  className,
}: ModalShellProps) {
  const instance = useModalInstance();
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const formId = useId();
  const completed = instance?.completed ?? false;
  const shownError = error ?? instance?.error ?? null;

  const close = useCallback(() => {
    if (onClose) onClose();
    else instance?.close();
  }, [instance, onClose]);

  /** The user asked to close (Escape, outside click, ×, Cancel). */
  const requestClose = useCallback(() => {
    if (busy) return;
    if (dirty && !completed) setConfirmingDiscard(true);
    else close();
  }, [busy, close, completed, dirty]);

  const onOpenChange = (open: boolean) => {
    if (!open) requestClose();
  };
  const preventWhileBusy = (event: Event) => {
    if (busy) event.preventDefault();
  };

  const hasPrimary = submitLabel !== undefined && !completed;
  const cancelButton = (
    <Button variant="secondary" onClick={variant === 'confirm' ? undefined : requestClose} disabled={busy}>
      {cancelLabel ?? (hasPrimary ? 'Cancel' : 'Close')}
    </Button>
  );
  const footer = (
    <>
      {extraActions && <div className={styles.extra}>{extraActions}</div>}
      {variant === 'confirm' ? (
        // AlertDialog.Cancel takes the focus when the confirmation opens, so a stray Enter never confirms.
        <AlertDialog.Cancel asChild>{cancelButton}</AlertDialog.Cancel>
      ) : (
        cancelButton
      )}
      {hasPrimary && (
        <Button
          variant={submitVariant}
          type={onSubmit ? 'submit' : 'button'}
          form={onSubmit ? formId : undefined}
          onClick={onSubmit ? undefined : onConfirm}
          loading={busy}
          disabled={busy}
        >
          {submitLabel}
        </Button>
      )}
    </>
  );

  const actions =
    conflict && onReload ? (
      <ConflictActions
        text={conflict.text}
        onReload={async () => {
          await onReload();
          conflict.resolved();
        }}
      />
    ) : (
      errorActions
    );
  const errorArea = (
    <>
      <div role="alert" className={styles.error}>
        {shownError}
      </div>
      {shownError && actions && <div className={styles.errorActions}>{actions}</div>}
    </>
  );

  const body = onSubmit ? (
    <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate aria-label={title}>
      {errorArea}
      {children}
    </form>
  ) : (
    <>
      {errorArea}
      {children}
    </>
  );

  const guard = (
    <AlertDialog.Root open={confirmingDiscard} onOpenChange={setConfirmingDiscard}>
      <AlertDialog.Content size="sm">
        <AlertDialog.Title>{DISCARD_CHANGES_TITLE}</AlertDialog.Title>
        <AlertDialog.Description>{DISCARD_CHANGES_DESCRIPTION}</AlertDialog.Description>
        <AlertDialog.Footer>
          <AlertDialog.Cancel asChild>
            <Button variant="secondary">Keep editing</Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action asChild>
            <Button variant="danger" onClick={close}>
              Discard
            </Button>
          </AlertDialog.Action>
        </AlertDialog.Footer>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );

  if (variant === 'confirm') {
    return (
      <AlertDialog.Root open onOpenChange={onOpenChange}>
        <AlertDialog.Content size={size} aria-busy={busy} onEscapeKeyDown={preventWhileBusy} className={className}>
          <AlertDialog.Title>{title}</AlertDialog.Title>
          <AlertDialog.Description>{description}</AlertDialog.Description>
          <AlertDialog.Body>{body}</AlertDialog.Body>
          <AlertDialog.Footer>{footer}</AlertDialog.Footer>
          {guard}
        </AlertDialog.Content>
      </AlertDialog.Root>
    );
  }

  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Content
        size={size}
        aria-busy={busy}
        onEscapeKeyDown={preventWhileBusy}
        onInteractOutside={preventWhileBusy}
        className={className}
      >
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description>{description}</Dialog.Description>
        <Dialog.Body>{body}</Dialog.Body>
        <Dialog.Footer>{footer}</Dialog.Footer>
        {guard}
      </Dialog.Content>
    </Dialog.Root>
  );
}

/**
 * Stacks form fields in a modal body with the standard gap. `sensitive` for client data (notes, plans, risk, answers,
 * names, amounts): with Privacy on the fields are blurred until hovered or a field has focus (the design system's
 * `Sensitive`, the one privacy mechanism).
 */
export function ModalFields({ children, sensitive = false }: { children?: ReactNode; sensitive?: boolean }) {
  if (sensitive) {
    return (
      <Sensitive as="div" focusable={false} className={styles.fields}>
        {children}
      </Sensitive>
    );
  }
  return <div className={styles.fields}>{children}</div>;
}
