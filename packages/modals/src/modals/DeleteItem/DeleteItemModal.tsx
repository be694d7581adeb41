import { useAfterWrite, useApiClient } from '@halcyon/api/swr';
import { useBanners } from '@halcyon/design-system';
import { useState } from 'react';
import { DELETE_KIND_WARNINGS, DELETE_SUCCESS_MESSAGES, deleteQuestion } from '../../deleteKinds';
import { useModalInstance } from '../../host/context';
import { DELETE_FAILED_MESSAGE } from '../../messages';
import { ModalShell } from '../../ModalShell/ModalShell';
import type { DeleteItemModalProps, DeleteRouteName } from '../../types';

/**
 * delete-item: names the record, asks for confirmation, deletes it (a contract DELETE route through the API client, after
 * which the reads it changes reload, or the caller's `onDelete`). Success: SPEC.md §8's message for the kind as a success
 * banner, then `onDeleted` and close.
 * Failure: "Failed to delete item. Please try again." in the dialog (which stays open) and as an error banner.
 */
export function DeleteItemModal(props: DeleteItemModalProps) {
  if (props.route !== undefined) return <DeleteThroughRoute {...props} route={props.route} />;
  return <DeleteConfirmation {...props} onDelete={props.onDelete} />;
}

function DeleteThroughRoute(props: DeleteItemModalProps & { route: DeleteRouteName }) {
  const client = useApiClient();
  const afterWrite = useAfterWrite();
  const { route, params } = props;
  // The union of DELETE routes is too wide for `call`'s per-route typing; the route's own schema checks the params.
  const call = client.call.bind(client) as (name: DeleteRouteName, input: { params?: unknown }) => Promise<unknown>;
  const onDelete = async () => {
    await call(route, { params });
    await afterWrite(route);
  };
  return <DeleteConfirmation {...props} onDelete={onDelete} />;
}

interface DeleteConfirmationProps extends Pick<DeleteItemModalProps, 'kind' | 'name' | 'clientName' | 'onDeleted'> {
  onDelete: () => Promise<unknown>;
}

function DeleteConfirmation({ kind, name, clientName, onDelete, onDeleted }: DeleteConfirmationProps) {
  const instance = useModalInstance();
  const { notify } = useBanners();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onDelete();
    } catch (cause) {
      console.error('Failed to delete item.', cause);
      setBusy(false);
      setError(DELETE_FAILED_MESSAGE);
      notify({ variant: 'error', message: DELETE_FAILED_MESSAGE });
      return;
    }
    setBusy(false);
    notify({ variant: 'success', message: DELETE_SUCCESS_MESSAGES[kind] });
    if (instance) await instance.succeed(onDeleted);
    else await onDeleted?.();
  }

  return (
    <ModalShell
      variant="confirm"
      size="sm"
      title={deleteQuestion(kind, name, clientName)}
      description={[DELETE_KIND_WARNINGS[kind], 'This cannot be undone.'].filter(Boolean).join(' ')}
      submitLabel="Delete"
      submitVariant="danger"
      onConfirm={() => void confirm()}
      busy={busy}
      error={error}
    />
  );
}
