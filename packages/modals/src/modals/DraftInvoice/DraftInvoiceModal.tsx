import { BILLING_MESSAGES, type Invoice } from '@halcyon/api/contract';
import { useIdempotencyKey, useMutation, useRoute } from '@halcyon/api/swr';
import { Button } from '@halcyon/design-system';
import { useRef, useState } from 'react';
import { InvoiceForm, invoiceFields, type InvoiceFormAction } from '../../billing/InvoiceForm';
import { useModal } from '../../host/context';
import { RecordLoadState } from '../../settings/RecordLoadState';
import type { ModalPropsMap } from '../../types';

type Props = ModalPropsMap['draft-invoice'];

const TITLE = 'Edit draft invoice';

/** The draft's form: save its changes, issue it (numbered, not e-mailed) or send it. */
export function DraftInvoiceForm({
  draft,
  onSaved,
  onReload,
}: {
  draft: Invoice;
  onSaved?: Props['onSaved'];
  onReload: () => Promise<void>;
}) {
  const modal = useModal();
  const update = useMutation('updateDraftInvoice');
  const save = useMutation('saveInvoice');
  const send = useMutation('sendInvoice');
  const sendKey = useIdempotencyKey();
  const params = { id: draft.id };
  /** The version to save over: it moves on with each save, so a retry after a failed send does not conflict with itself. */
  const version = useRef(draft.version);
  const saveChanges = async (body: Parameters<InvoiceFormAction['save']>[0]) => {
    const saved = await update.trigger({ params, body: { ...invoiceFields(body), version: version.current } });
    if (saved) version.current = saved.version;
    return saved;
  };
  const actions: Record<'draft' | 'save' | 'send', InvoiceFormAction> = {
    draft: { label: 'Save draft', message: BILLING_MESSAGES.draftUpdated, save: saveChanges },
    save: {
      label: 'Save invoice',
      message: BILLING_MESSAGES.invoiceSaved,
      save: async (body) => {
        await saveChanges(body);
        return save.trigger({ params });
      },
    },
    send: {
      label: 'Send',
      message: BILLING_MESSAGES.invoiceSent,
      save: async (body) => {
        await saveChanges(body);
        return send.trigger({ params, body: {}, headers: sendKey.headers });
      },
    },
  };
  return (
    <InvoiceForm
      title={TITLE}
      description="A draft has no number yet and can change. Save it as a draft, or issue it: saved (numbered) or sent to whoever pays. After that it changes only by a credit note."
      existing={draft}
      client={{ value: String(draft.clientId), label: draft.clientName }}
      clientFixed
      primary={actions.draft}
      extras={[actions.save, actions.send]}
      onSaved={onSaved}
      onReload={onReload}
      footerActions={
        <Button
          variant="ghost"
          onClick={() =>
            modal.open('delete-item', {
              kind: 'draft-invoice',
              route: 'deleteDraftInvoice',
              params,
              name: 'this draft invoice',
              clientName: draft.clientName,
              onDeleted: () => onSaved?.(draft),
            })
          }
        >
          Delete
        </Button>
      }
    />
  );
}

/**
 * draft-invoice (CATALOG.md: edit a draft; save as draft): the draft's client, payer, account, dates, lines and notes,
 * saved with its version ("Draft invoice updated."; a stale one offers Reload), issued ("Invoice saved.") or sent
 * ("Invoice sent."). A draft issued meanwhile is no longer found here: it changes only by a credit note.
 */
export function DraftInvoiceModal({ invoiceId, onSaved }: Props) {
  const draft = useRoute('getDraftInvoice', { params: { id: Number(invoiceId) } });
  // Once shown, the form stays while the modal closes after an issue (the draft then no longer reads as a draft).
  const [last, setLast] = useState<Invoice | null>(null);
  if (draft.data && draft.data !== last) setLast(draft.data);
  const shown = draft.data ?? last;
  const [reloads, setReloads] = useState(0);
  if (!shown) {
    return (
      <RecordLoadState
        title={TITLE}
        what="this draft invoice"
        error={draft.error}
        missing={draft.data === null}
        retry={draft.retry}
      />
    );
  }
  return (
    <DraftInvoiceForm
      key={reloads}
      draft={shown}
      onSaved={onSaved}
      onReload={async () => {
        await draft.reload();
        setReloads((count) => count + 1);
      }}
    />
  );
}
