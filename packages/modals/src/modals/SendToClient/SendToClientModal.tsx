import { useState } from 'react';
import {
  FORM_CATEGORY_LABELS,
  FORM_USAGE_CONTEXTS,
  ITEM_SHARED_MESSAGE,
  MEASURE_CODES,
  MEASURES,
  sendToClientBodySchema,
  type FormTemplate,
  type FormToSend,
  type SendItemKind,
  type SendToClientResult,
} from '@halcyon/api/contract';
import { ApiError } from '@halcyon/api/client';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { RadioGroup, Select, Sensitive, TextArea, useBanners } from '@halcyon/design-system';
import { Controller } from 'react-hook-form';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { SendToClientModalProps } from '../../types';

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
    description: 'For a client with portal access: an e-mail brings them a secure link to it (14 days for a document).',
  },
  {
    value: 'email',
    label: 'E-mail',
    description: 'Sent to their e-mail address; a document comes with a download link that works for 14 days.',
  },
] as const;

/** What can be picked when the modal opens without an item (invoices are sent from their own page). */
const PICK_OPTIONS = [
  { value: 'document', label: 'A document', description: 'One of the client’s documents, to read or download.' },
  {
    value: 'form',
    label: 'A form',
    description:
      'A form from your template library, filled in on a single-use link (e-mailed); the answers come back as a document.',
  },
  { value: 'measure', label: 'A measure', description: 'A questionnaire to complete on a single-use link (e-mailed).' },
] as const;
type PickKind = (typeof PICK_OPTIONS)[number]['value'];

const MEASURE_OPTIONS = MEASURE_CODES.map((code) => ({ value: code, label: MEASURES[code].title }));

/** A form of the library as an option's value: `id:12` for the practice's own, `builtIn:onboarding` for a built-in. */
const formValue = (form: FormToSend | undefined) =>
  !form ? '' : 'builtIn' in form ? `builtIn:${form.builtIn}` : form.id ? `id:${form.id}` : '';
function formOf(value: string): FormToSend {
  const [kind = '', rest = ''] = value.split(':');
  const context = FORM_USAGE_CONTEXTS.find((c) => c === rest);
  return kind === 'builtIn' && context ? { builtIn: context } : { id: Number(rest) };
}
/** The library's forms a client can be sent: the practice's own, and each built-in one it has not replaced. */
const formOptions = (templates: readonly FormTemplate[]) =>
  templates
    .filter((t) => !t.overridden)
    .map((t) => ({
      value: t.id ? `id:${t.id}` : `builtIn:${t.usageContext}`,
      label: `${t.name} (${FORM_CATEGORY_LABELS[t.templateCategory]}${t.builtIn ? ', built-in' : ''})`,
    }));

type Values = (typeof sendToClientBodySchema)['_zod']['input'];
type Parsed = (typeof sendToClientBodySchema)['_zod']['output'];

/**
 * send-to-client (CATALOG.md): an item (document, form, measure or invoice), a channel (portal or e-mail) and a message.
 * Opened with an item it sends that item; without one it offers the client's documents. Saved: "Item successfully shared
 * with the client."
 */
/** The item a choice of what to send starts from (nothing chosen yet). */
const emptyItem = (kind: PickKind): Partial<Values['item']> =>
  kind === 'measure'
    ? { kind: 'measure' }
    : kind === 'form'
      ? { kind: 'form', form: { id: 0 } }
      : { kind: 'document', id: 0 };

export function SendToClientModal({ clientId, item, itemName, offer, onSent }: SendToClientModalProps) {
  const { notify } = useBanners();
  const [pick, setPick] = useState<PickKind>(offer ?? 'document');
  const documents = useRoute('clientDocumentsRetrieve', item ? null : { params: { clientId } });
  const forms = useRoute('listFormTemplates', item || pick !== 'form' ? null : {});
  const send = useMutation('sendToClient');
  const { form, shellProps } = useModalForm<Values, Parsed, SendToClientResult>(sendToClientBodySchema, {
    defaultValues: {
      item: item ?? emptyItem(offer ?? 'document'),
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
  const itemError =
    (errors.item as
      | {
          id?: { message?: string };
          measure?: { message?: string };
          form?: { message?: string; id?: { message?: string } };
        }
      | undefined) ?? {};
  const itemLabel = item
    ? (itemName ??
      (item.kind === 'measure' ? MEASURES[item.measure].title : item.kind === 'form' ? 'A form' : `#${item.id}`))
    : null;
  const formChoices = formOptions(forms.data?.items ?? []);

  return (
    <ModalShell
      title="Send to client"
      description={
        item
          ? `Share ${itemName ? `“${itemName}”` : `this ${KIND_LABELS[item.kind].toLowerCase()}`} with the client.`
          : 'Share one of the client’s documents with them, or send a form or a measure to complete.'
      }
      submitLabel="Send"
      {...shellProps}
    >
      <ModalFields sensitive>
        {item ? (
          <p>
            <strong>{KIND_LABELS[item.kind]}:</strong> <Sensitive>{itemLabel}</Sensitive>
          </p>
        ) : (
          <Controller
            name="item"
            control={control}
            render={({ field }) => (
              <>
                <RadioGroup
                  label="What to send"
                  options={PICK_OPTIONS}
                  value={pick}
                  onValueChange={(value) => {
                    const next = value as PickKind;
                    setPick(next);
                    field.onChange(emptyItem(next));
                  }}
                />
                {pick === 'document' ? (
                  <Select
                    label="Document"
                    required
                    placeholder={documents.data ? 'Choose a document' : 'Loading documents…'}
                    options={documentOptions}
                    value={field.value?.kind === 'document' && field.value.id ? String(field.value.id) : ''}
                    onValueChange={(value) => field.onChange({ kind: 'document', id: Number(value) })}
                    onBlur={field.onBlur}
                    error={itemError.id?.message ?? errors.item?.message}
                    hint={documents.data && documentOptions.length === 0 ? 'Upload a document first.' : undefined}
                  />
                ) : pick === 'form' ? (
                  <Select
                    label="Form"
                    required
                    placeholder={forms.data ? 'Choose a form' : 'Loading forms…'}
                    options={formChoices}
                    value={field.value?.kind === 'form' ? formValue(field.value.form) : ''}
                    onValueChange={(value) => field.onChange({ kind: 'form', form: formOf(value) })}
                    onBlur={field.onBlur}
                    error={
                      forms.error
                        ? 'The forms could not be loaded. Close this and try again.'
                        : (itemError.form?.id?.message ?? itemError.form?.message ?? errors.item?.message)
                    }
                    hint="It is e-mailed to the client with a link that works once; their answers land in their documents."
                  />
                ) : (
                  <Select
                    label="Measure"
                    required
                    placeholder="Choose a measure"
                    options={MEASURE_OPTIONS}
                    value={field.value?.kind === 'measure' ? (field.value.measure ?? '') : ''}
                    onValueChange={(value) => field.onChange({ kind: 'measure', measure: value })}
                    onBlur={field.onBlur}
                    error={itemError.measure?.message ?? errors.item?.message}
                    hint="It is e-mailed to the client with a link that works once."
                  />
                )}
              </>
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
