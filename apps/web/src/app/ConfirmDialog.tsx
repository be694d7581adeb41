import { AlertDialog, Button } from '@halcyon/design-system';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  /** Closes it without doing anything (Cancel, Escape). */
  onCancel: () => void;
  title: ReactNode;
  /** What happens, and what stays, if the person goes on. */
  description: ReactNode;
  /** The danger button's words ("Revoke invitation", "Deactivate"). */
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
}

/**
 * The question before an action that cannot be undone on a page (revoke, deactivate, disconnect): an alert dialog whose
 * focus starts on Cancel, with the action as a danger button. Modals use delete-item instead.
 */
export function ConfirmDialog({
  open,
  onCancel,
  title,
  description,
  confirmLabel,
  busy = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialog.Content>
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description>{description}</AlertDialog.Description>
        <AlertDialog.Footer>
          <AlertDialog.Cancel asChild>
            <Button variant="secondary">Cancel</Button>
          </AlertDialog.Cancel>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </AlertDialog.Footer>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
