import { Button } from '@halcyon/design-system';
import type { DeleteKind } from '../deleteKinds';
import { useModal } from '../host/context';
import type { DeleteRouteName, RecordId, SuccessResult } from '../types';

export interface DeleteRecordButtonProps<R extends { id: RecordId }> {
  /** The record the modal edits. */
  record: R;
  /** Which SPEC.md §8 kind it is: delete-item's question and success message. */
  kind: DeleteKind;
  /** The contract route that deletes it, called with the record's id (or `params`, when the route names it otherwise). */
  route: DeleteRouteName;
  params?: Readonly<Record<string, string | number>>;
  /** How delete-item's question names it. */
  name?: string;
  /** Runs after the record is deleted (usually the modal's `onSaved`, so the caller's list lets it go). */
  onDeleted?: (record: NoInfer<R>) => SuccessResult;
  /** While the form saves. */
  disabled?: boolean;
}

/**
 * A record modal's "Delete" footer action (ModalShell's `extraActions`): delete-item asks to confirm, deletes the record
 * through its route and says so in SPEC.md's words.
 */
export function DeleteRecordButton<R extends { id: RecordId }>({
  record,
  kind,
  route,
  params,
  name,
  onDeleted,
  disabled,
}: DeleteRecordButtonProps<R>) {
  const modal = useModal();
  return (
    <Button
      variant="ghost"
      disabled={disabled}
      onClick={() =>
        modal.open('delete-item', {
          kind,
          route,
          params: params ?? { id: record.id },
          name,
          onDeleted: () => onDeleted?.(record),
        })
      }
    >
      Delete
    </Button>
  );
}
