import {
  BILLING_SETTINGS_MESSAGES,
  BILLING_SETTINGS_TEXT_MAX,
  createInvoiceAccountBodySchema,
  type InvoiceAccount,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { Checkbox, FieldRow, TextArea, TextField } from '@halcyon/design-system';
import { Controller } from 'react-hook-form';
import { useModalForm } from '../../form/useModalForm';
import { useRecordSaved } from '../../form/useRecordSaved';
import { DeleteRecordButton } from '../../ModalShell/DeleteRecordButton';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { CurrencySelect } from '../../settings/billingFields';
import { PricedRecordForm } from '../../settings/RecordLoadState';
import type { SetInvoiceAccountModalProps } from '../../types';

type Props = SetInvoiceAccountModalProps;
const T = BILLING_SETTINGS_TEXT_MAX;

function AccountForm({
  existing,
  defaults,
  currency,
  onSaved,
  onReload,
}: Pick<Props, 'defaults' | 'onSaved'> & {
  existing: InvoiceAccount | null;
  currency: string;
  onReload: () => Promise<void>;
}) {
  const create = useMutation('createInvoiceAccount', { prependTo: ['listInvoiceAccounts'] });
  const update = useMutation('updateInvoiceAccount');
  const editing = existing !== null;
  const { form, field, errorOf, shellProps } = useModalForm(createInvoiceAccountBodySchema, {
    defaultValues: {
      name: existing?.name ?? defaults?.name ?? '',
      accountCurrency: existing?.accountCurrency ?? defaults?.currency ?? currency,
      isDefault: existing?.isDefault ?? defaults?.isDefault ?? false,
      accountHolder: existing?.accountHolder ?? '',
      bankName: existing?.bankName ?? '',
      sortCode: existing?.sortCode ?? '',
      accountNumber: existing?.accountNumber ?? '',
      iban: existing?.iban ?? '',
      bic: existing?.bic ?? '',
      instructions: existing?.instructions ?? '',
    },
    submit: (body) =>
      editing
        ? update.trigger({ params: { id: existing.id }, body: { ...body, version: existing.version } })
        : create.trigger({ body }),
    onSuccess: useRecordSaved(
      editing,
      { created: BILLING_SETTINGS_MESSAGES.accountCreated, updated: BILLING_SETTINGS_MESSAGES.accountUpdated },
      onSaved,
    ),
  });
  const accountCurrency = form.watch('accountCurrency') || currency;
  // The default of its currency stays the default until another account takes it.
  const keepsDefault = existing?.isDefault === true && existing.accountCurrency === accountCurrency;

  return (
    <ModalShell
      title={editing ? 'Edit invoice account' : 'Add invoice account'}
      description="An account clients pay into, printed on invoices in its currency. The default account of a currency is the one new invoices in it use."
      submitLabel={editing ? 'Save account' : 'Add account'}
      onReload={onReload}
      extraActions={
        existing && (
          <DeleteRecordButton
            record={existing}
            kind="invoice-account"
            route="deleteInvoiceAccount"
            name={existing.name}
            onDeleted={onSaved}
            disabled={shellProps.busy}
          />
        )
      }
      {...shellProps}
    >
      <ModalFields sensitive>
        <FieldRow>
          <TextField
            label="Name"
            hint="For you, e.g. “Business current account”."
            required
            autoComplete="off"
            maxLength={T.accountName}
            {...field('name')}
          />
          <Controller
            name="accountCurrency"
            control={form.control}
            render={({ field: currencyField }) => (
              <CurrencySelect
                value={currencyField.value}
                inUse={[currency, existing?.accountCurrency]}
                onValueChange={currencyField.onChange}
                onBlur={currencyField.onBlur}
                error={errorOf('accountCurrency')}
              />
            )}
          />
        </FieldRow>
        <Controller
          name="isDefault"
          control={form.control}
          render={({ field: defaultField }) => (
            <Checkbox
              label={`The default account for ${accountCurrency}`}
              hint={
                keepsDefault
                  ? 'To change the default, make another account the default.'
                  : 'The first account of a currency is its default.'
              }
              disabled={keepsDefault}
              checked={keepsDefault || (defaultField.value ?? false)}
              onCheckedChange={(checked) => defaultField.onChange(checked === true)}
              onBlur={defaultField.onBlur}
            />
          )}
        />
        <FieldRow>
          <TextField
            label="Account holder"
            autoComplete="off"
            maxLength={T.accountHolder}
            {...field('accountHolder')}
          />
          <TextField label="Bank" autoComplete="off" maxLength={T.bankName} {...field('bankName')} />
        </FieldRow>
        <FieldRow>
          <TextField label="Sort code" hint="UK accounts" autoComplete="off" {...field('sortCode')} />
          <TextField label="Account number" hint="UK accounts" autoComplete="off" {...field('accountNumber')} />
        </FieldRow>
        <FieldRow>
          <TextField label="IBAN" hint="International transfers" autoComplete="off" {...field('iban')} />
          <TextField label="BIC (SWIFT)" autoComplete="off" {...field('bic')} />
        </FieldRow>
        <TextArea
          label="Payment instructions"
          hint="Optional: printed on the invoice, e.g. “Please quote the invoice number.”"
          rows={2}
          maxLength={T.instructions}
          {...field('instructions')}
        />
      </ModalFields>
    </ModalShell>
  );
}

/**
 * set-invoice-account (CATALOG.md Settings > Client-billing): an account clients pay into: name, currency, whether it
 * is that currency's default (one per currency), UK details (sort code, account number), IBAN and BIC, and payment
 * instructions. No `id` adds one; an `id` edits it (and offers delete through delete-item, kind invoice-account).
 * Saved: "Account created." / "Account updated."; bank details blur with Privacy on.
 */
export function SetInvoiceAccountModal({ id, defaults, onSaved }: Props) {
  const existing = useRoute('getInvoiceAccount', id ? { params: { id } } : null, {
    removeFromListsOn404: ['listInvoiceAccounts'],
  });
  return (
    <PricedRecordForm
      editing={Boolean(id)}
      record={existing}
      title="Edit invoice account"
      what="this account"
      addTitle="Add invoice account"
    >
      {(record, reload, currency) => (
        <AccountForm existing={record} defaults={defaults} currency={currency} onSaved={onSaved} onReload={reload} />
      )}
    </PricedRecordForm>
  );
}
