import {
  SIGNATURE_DUE_MAX_DAYS,
  requestESignatureBodySchema,
  type SignatureRequest,
  dateLimits,
  SIGNATURE_DUE_RANGE,
  shiftDate,
} from '@halcyon/api/contract';
import { ApiError } from '@halcyon/api/client';
import { useMutation, usePracticeTimeZone } from '@halcyon/api/swr';
import { DatePicker, TextArea, TextField, useBanners } from '@halcyon/design-system';
import { Controller } from 'react-hook-form';
import { todayIn } from '@halcyon/api/time';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { RequestESignatureModalProps } from '../../types';

/** SPEC.md §8. */
export const SIGNATURE_REQUEST_SENT_MESSAGE = 'Signature request sent.';

type Values = (typeof requestESignatureBodySchema)['_zod']['input'];
type Parsed = (typeof requestESignatureBodySchema)['_zod']['output'];

/**
 * request-e-signature (CATALOG.md): who signs (name and e-mail), a message and a due date. The server e-mails them a link
 * that works once, until the end of the due date (or 14 days); they sign without an account and the signed PDF is added
 * to the document. Saved: "Signature request sent."
 */
export function RequestESignatureModal({ documentId, documentName, defaults, onSaved }: RequestESignatureModalProps) {
  const { notify } = useBanners();
  const request = useMutation('requestESignature');
  const { form, shellProps } = useModalForm<Values, Parsed, SignatureRequest>(requestESignatureBodySchema, {
    defaultValues: {
      signerName: defaults?.signerName ?? '',
      signerEmail: defaults?.signerEmail ?? '',
      message: '',
      dueDate: null,
    },
    submit: async (body) => {
      const sent = await request.trigger({ params: { id: documentId }, body });
      if (!sent) throw new ApiError(404, 'This document was not found. It may have been deleted; reload the page.');
      return sent;
    },
    onSuccess: async (sent) => {
      notify({ variant: 'success', message: SIGNATURE_REQUEST_SENT_MESSAGE });
      await onSaved?.({ ...sent, id: sent.requestId });
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const today = todayIn(usePracticeTimeZone());

  return (
    <ModalShell
      title="Request an e-signature"
      description={
        documentName
          ? `Ask someone to sign “${documentName}”. They get an e-mail with a link that works once; no account is needed.`
          : 'Ask someone to sign this document. They get an e-mail with a link that works once; no account is needed.'
      }
      submitLabel="Send request"
      {...shellProps}
    >
      <ModalFields sensitive>
        <TextField
          label="Signer's full name"
          required
          autoComplete="off"
          {...register('signerName')}
          error={errors.signerName?.message}
        />
        <TextField
          label="Signer's e-mail"
          type="email"
          required
          autoComplete="off"
          {...register('signerEmail')}
          error={errors.signerEmail?.message}
        />
        <TextArea
          label="Message"
          hint="Shown in the e-mail and on the signing page."
          rows={3}
          {...register('message')}
          error={errors.message?.message}
        />
        <Controller
          name="dueDate"
          control={control}
          render={({ field }) => (
            <DatePicker
              label="Due date"
              {...dateLimits(SIGNATURE_DUE_RANGE)}
              hint="Optional. The link stops working after this day; without a date it works for 14 days."
              min={today}
              max={shiftDate(today, { days: SIGNATURE_DUE_MAX_DAYS })}
              value={field.value ?? ''}
              onValueChange={(value) => field.onChange(value === '' ? null : value)}
              onBlur={field.onBlur}
              error={errors.dueDate?.message}
            />
          )}
        />
      </ModalFields>
    </ModalShell>
  );
}
