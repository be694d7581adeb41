import {
  BILLING_SETTINGS_MESSAGES,
  BILLING_SETTINGS_TEXT_MAX,
  createInsuranceProviderBodySchema,
  type InsuranceProvider,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { FieldRow, TextArea, TextField } from '@halcyon/design-system';
import { useModalForm } from '../../form/useModalForm';
import { useRecordSaved } from '../../form/useRecordSaved';
import { DeleteRecordButton } from '../../ModalShell/DeleteRecordButton';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { RecordForm } from '../../settings/RecordLoadState';
import type { SetInsuranceProviderModalProps } from '../../types';

type Props = SetInsuranceProviderModalProps;
const T = BILLING_SETTINGS_TEXT_MAX;

function ProviderForm({
  existing,
  defaults,
  onSaved,
  onReload,
}: Pick<Props, 'defaults' | 'onSaved'> & { existing: InsuranceProvider | null; onReload: () => Promise<void> }) {
  const create = useMutation('createInsuranceProvider', { prependTo: ['listInsuranceProviders'] });
  const update = useMutation('updateInsuranceProvider');
  const editing = existing !== null;
  const { field, shellProps } = useModalForm(createInsuranceProviderBodySchema, {
    defaultValues: {
      name: existing?.name ?? defaults?.name ?? '',
      payerId: existing?.payerId ?? '',
      address: existing?.address ?? '',
      contactName: existing?.contactName ?? '',
      email: existing?.email ?? '',
      phone: existing?.phone ?? '',
      healthcodeProviderCode: existing?.healthcodeProviderCode ?? '',
    },
    submit: (body) =>
      editing
        ? update.trigger({ params: { id: existing.id }, body: { ...body, version: existing.version } })
        : create.trigger({ body }),
    onSuccess: useRecordSaved(
      editing,
      { created: BILLING_SETTINGS_MESSAGES.providerCreated, updated: BILLING_SETTINGS_MESSAGES.providerUpdated },
      onSaved,
    ),
  });

  return (
    <ModalShell
      title={editing ? 'Edit insurance provider' : 'Add insurance provider'}
      description="An insurer you bill: its payer id, where claims go, and its code on Healthcode for electronic claims."
      submitLabel={editing ? 'Save provider' : 'Add provider'}
      onReload={onReload}
      extraActions={
        existing && (
          <DeleteRecordButton
            record={existing}
            kind="insurance-provider"
            route="deleteInsuranceProvider"
            name={existing.name}
            onDeleted={onSaved}
            disabled={shellProps.busy}
          />
        )
      }
      {...shellProps}
    >
      <ModalFields>
        <TextField label="Name" required autoComplete="off" maxLength={T.providerName} {...field('name')} />
        <FieldRow>
          <TextField
            label="Payer id"
            hint="The insurer's id on claims"
            autoComplete="off"
            maxLength={T.payerId}
            {...field('payerId')}
          />
          <TextField
            label="Healthcode provider code"
            hint="For electronic claims"
            autoComplete="off"
            maxLength={T.healthcodeCode}
            {...field('healthcodeProviderCode')}
          />
        </FieldRow>
        <TextArea label="Claims address" rows={3} maxLength={T.address} {...field('address')} />
        <FieldRow>
          <TextField label="Contact" autoComplete="off" maxLength={T.contactName} {...field('contactName')} />
          <TextField label="E-mail" type="email" autoComplete="off" maxLength={T.email} {...field('email')} />
          <TextField label="Phone" type="tel" autoComplete="off" maxLength={T.phone} {...field('phone')} />
        </FieldRow>
      </ModalFields>
    </ModalShell>
  );
}

/**
 * set-insurance-provider (CATALOG.md Settings > Insurance): an insurer the practice bills: name, payer id, claims
 * address, contact, e-mail and phone, and its Healthcode provider code. No `id` adds one; an `id` edits it (and offers
 * delete through delete-item, kind insurance-provider). Saved: "Insurance provider created." / "updated.".
 */
export function SetInsuranceProviderModal({ id, defaults, onSaved }: Props) {
  const existing = useRoute('getInsuranceProvider', id ? { params: { id } } : null, {
    removeFromListsOn404: ['listInsuranceProviders'],
  });
  return (
    <RecordForm editing={Boolean(id)} record={existing} title="Edit insurance provider" what="this insurance provider">
      {(record, reload) => <ProviderForm existing={record} defaults={defaults} onSaved={onSaved} onReload={reload} />}
    </RecordForm>
  );
}
