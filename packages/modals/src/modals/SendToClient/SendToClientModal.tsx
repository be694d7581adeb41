import { sendToClientBodySchema, type SendItemKind, type SendToClientResult } from '@halcyon/api/contract';
import { ApiError } from '@halcyon/api/client';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { RadioGroup, Select, Sensitive, TextArea, useBanners } from '@halcyon/design-system';
import { Controller } from 'react-hook-form';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { ModalPropsMap } from '../../types';

/** SPEC.md §8. */
export const ITEM_SHARED_MESSAGE = 'Item successfully shared with the client.';

const KIND_LABELS: Readonly<Record<SendItemKind, string>> = {
  document: 'Document',
  form: 'Form',
  measure: 'Measure',
  invoice: 'Invoice',
};

const CHANNEL_OPTIONS = [
  {
    value: 'portal',
    label: 'Client portal',
    description: 'It appears in their portal; they get an e-mail saying so if we have their address.',
  },
  {
    value: 'email',
    label: 'E-mail',
    description: 'Sent to their e-mail address; a document comes with a download link that works for 14 days.',
  },
] as const;

type Values = (typeof sendToClientBodySchema)['_zod']['input'];
type Parsed = (typeof sendToClientBodySchema)['_zod']['output'];

/**
 * send-to-client (CATALOG.md): an item (document, form, measure or invoice), a channel (portal or e-mail) and a message.
 * Opened with an item it sends that item; without one it offers the client's documents. Saved: "Item successfully shared
 * with the client."
 */
export function SendToClientModal({ clientId, item, itemName, onSent }: ModalPropsMap['send-to-client']) {
  const { notify } = useBanners();
  const documents = useRoute('clientDocumentsRetrieve', item ? null : { params: { clientId } });
  const send = useMutation('sendToClient', {
    invalidate: ['clientDocumentsRetrieve', 'clientSingleDocumentRetrieve'],
  });
  const { form, shellProps } = useModalForm<Values, Parsed, SendToClientResult>(sendToClientBodySchema, {
    defaultValues: {
      item: item ? { kind: item.kind, id: item.id } : { kind: 'document', id: 0 },
      channel: 'portal',
      message: '',
    },
    submit: async (body) => {
      const sent = await send.trigger({ params: { clientId }, body });
      if (!sent)
        throw new ApiError(404, 'This item or client was not found. It may have been deleted; reload the page.');
      return sent;
    },
    onSuccess: async () => {
      notify({ variant: 'success', message: ITEM_SHARED_MESSAGE });
      await onSent?.();
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const documentOptions = (documents.data?.items ?? []).map((d) => ({ value: String(d.id), label: d.name }));

  return (
    <ModalShell
      title="Send to client"
      description={
        item
          ? `Share ${itemName ? `“${itemName}”` : `this ${KIND_LABELS[item.kind].toLowerCase()}`} with the client.`
          : 'Share one of the client’s documents with them.'
      }
      submitLabel="Send"
      {...shellProps}
    >
      <ModalFields>
        {item ? (
          <p>
            <strong>{KIND_LABELS[item.kind]}:</strong> <Sensitive>{itemName ?? `#${item.id}`}</Sensitive>
          </p>
        ) : (
          <Controller
            name="item"
            control={control}
            render={({ field }) => (
              <Select
                label="Document"
                required
                placeholder={documents.data ? 'Choose a document' : 'Loading documents…'}
                options={documentOptions}
                value={field.value?.id ? String(field.value.id) : ''}
                onValueChange={(value) => field.onChange({ kind: 'document', id: Number(value) })}
                onBlur={field.onBlur}
                error={errors.item?.id?.message ?? errors.item?.message}
                hint={documents.data && documentOptions.length === 0 ? 'Upload a document first.' : undefined}
              />
            )}
          />
        )}
        <Controller
          name="channel"
          control={control}
          render={({ field }) => (
            <RadioGroup
              label="Send through"
              options={CHANNEL_OPTIONS}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.channel?.message}
            />
          )}
        />
        <TextArea
          label="Message"
          hint="Optional. Included in the e-mail."
          rows={3}
          {...register('message')}
          error={errors.message?.message}
        />
      </ModalFields>
    </ModalShell>
  );
}
