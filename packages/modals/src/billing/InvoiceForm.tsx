import {
  BILL_TO_KINDS,
  BILL_TO_KIND_LABELS,
  BILLING_LIMITS,
  DATE_RANGES,
  DEFAULT_BILLING_SETTINGS,
  DEFAULT_CURRENCY,
  dateLimits,
  shiftDate,
  type CreateInvoiceBody,
  type Invoice,
  type InvoiceAccount,
} from '@halcyon/api/contract';
import { usePracticeToday, useRoute } from '@halcyon/api/swr';
import {
  Button,
  DatePicker,
  FieldRow,
  RadioGroup,
  Select,
  TextArea,
  useBanners,
  type ComboboxOption,
} from '@halcyon/design-system';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { PayerContactSelect } from './PayerContactSelect';
import type { output } from 'zod/v4/core';
import { useModalForm } from '../form/useModalForm';
import { ModalFields, ModalShell } from '../ModalShell/ModalShell';
import { CurrencySelect } from '../settings/billingFields';
import type { SavedRecord, SuccessResult } from '../types';
import { ClientField } from '../form/ClientField';
import { usePracticeCurrency } from './usePracticeCurrency';
import { LineItemsEditor, lineFromBillable } from './LineItemsEditor';
import { invoiceFormSchema, type InvoiceFormSchema } from './invoiceFormSchema';

export type InvoiceFormValues = output<InvoiceFormSchema>;

/** One way to finish the form: its button, SPEC.md §8's confirmation, and the calls that save. */
export interface InvoiceFormAction {
  label: string;
  message: string;
  save: (body: InvoiceFormValues) => Promise<Invoice | null | undefined>;
}

export interface InvoiceFormProps {
  title: string;
  description: string;
  /** The draft being changed; null for a new invoice. */
  existing: Invoice | null;
  /** The client, when known (a new invoice from a client's page; a draft's client). */
  client: ComboboxOption | null;
  /** The client cannot be changed (opened from the client, or a draft). */
  clientFixed: boolean;
  /** Only these sessions are put on a new invoice at first (the rest of the work stays ticked off). */
  sessionIds?: readonly number[];
  /** The invoice account a new invoice starts with (else the default of its currency). */
  accountId?: number;
  /** The submit button's action, and the others beside it. */
  primary: InvoiceFormAction;
  extras: readonly InvoiceFormAction[];
  onSaved?: (record: SavedRecord) => SuccessResult;
  onReload?: () => Promise<void>;
  /** Shown above the fields (e.g. Delete of a draft). */
  footerActions?: React.ReactNode;
}

const BILL_TO_OPTIONS = BILL_TO_KINDS.map((value) => ({ value, label: BILL_TO_KIND_LABELS[value] }));

const accountLabel = (account: InvoiceAccount) =>
  `${account.name} (${account.accountCurrency}${account.isDefault ? ', default' : ''})`;

/** The default account of a currency, if the practice has one. */
const defaultAccountOf = (accounts: readonly InvoiceAccount[], currency: string) =>
  accounts.find((account) => account.accountCurrency === currency && account.isDefault) ?? null;

/**
 * The invoice form shared by `invoice` (a new one) and `draft-invoice` (a draft): the client and who pays (the client, one
 * of their contacts, an insurer), the currency and invoice account (the currency's default unless another is chosen),
 * the issue date and the due date from the practice's payment terms, the lines (LineItemsEditor) with live totals, and
 * notes printed on the invoice. Each action saves through the ledger's calls and says SPEC.md §8's message.
 */
export function InvoiceForm({
  title,
  description,
  existing,
  client: initialClient,
  clientFixed,
  sessionIds,
  accountId,
  primary,
  extras,
  onSaved,
  onReload,
  footerActions,
}: InvoiceFormProps) {
  const { notify } = useBanners();
  const settings = useRoute('getBillingSettings');
  const accounts = useRoute('listInvoiceAccounts');
  const services = useRoute('listServices', { query: {} });
  const insurers = useRoute('listInsuranceProviders');
  const practiceCurrency = usePracticeCurrency(existing?.currency);
  const [client, setClient] = useState<ComboboxOption | null>(initialClient);
  const clientId = client ? Number(client.value) : null;
  const billable = useRoute('listBillableItems', clientId ? { params: { clientId } } : null);

  const accountList = useMemo(() => accounts.data?.items ?? [], [accounts.data]);
  const schema = useMemo(() => invoiceFormSchema(accountList), [accountList]);
  const chosen = useRef<InvoiceFormAction>(primary);
  /** The due date was typed by the person: a new issue date no longer moves it. */
  const dueTyped = useRef(existing !== null);
  const terms = settings.data?.paymentTermsDays ?? DEFAULT_BILLING_SETTINGS.paymentTermsDays;
  const today = usePracticeToday();

  const { form, field, errorOf, shellProps, ...contract } = useModalForm(schema, {
    defaultValues: {
      clientId: existing?.clientId ?? clientId ?? undefined,
      billToKind: existing?.billTo.kind ?? 'client',
      contactId: existing?.billTo.contactId ?? null,
      insurerId: existing?.billTo.insurerId ?? null,
      accountId: existing?.accountId ?? accountId ?? null,
      currency: existing?.currency ?? '',
      issueDate: existing?.issueDate ?? today,
      dueDate: existing?.dueDate ?? shiftDate(today, { days: terms }),
      lines:
        existing?.lines.map((line) => ({
          sourceKind: line.sourceKind,
          sourceId: line.sourceId,
          description: line.description,
          quantity: line.quantity,
          unitMinor: line.unitMinor,
          taxRateBp: line.taxRateBp,
        })) ?? [],
      notes: existing?.notes ?? '',
      action: 'draft',
    },
    submit: (body) => chosen.current.save(body),
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: chosen.current.message });
      if (saved) await onSaved?.(saved);
    },
  });
  const formContract = { form, field, errorOf, shellProps, ...contract };
  const [billToKind, currency, issueDate] = useWatch({
    control: form.control,
    name: ['billToKind', 'currency', 'issueDate'],
  });
  const defaultTaxRateBp = settings.data?.defaultTaxRateBp ?? DEFAULT_BILLING_SETTINGS.defaultTaxRateBp;
  const clientBilling = useRoute('getClientBilling', !existing && clientId ? { params: { id: clientId } } : null);

  // A new invoice is addressed as the client's billing details say (the client, a contact of theirs, their insurer).
  const addressedFor = useRef<number | null>(existing ? existing.clientId : null);
  useEffect(() => {
    const billing = clientBilling.data;
    if (existing || !clientId || !billing || billing.clientId !== clientId || addressedFor.current === clientId) return;
    addressedFor.current = clientId;
    form.setValue('billToKind', billing.invoiceTo);
    form.setValue('contactId', billing.invoiceTo === 'contact' ? billing.contactId : null);
    form.setValue('insurerId', billing.invoiceTo === 'insurer' ? billing.insurerId : null);
  }, [existing, clientId, clientBilling.data, form]);

  // A new invoice's currency: the client's work's, else the practice's; then that currency's default account.
  useEffect(() => {
    if (existing || form.getValues('currency') || !accounts.data || !practiceCurrency) return;
    if (clientId && !billable.data) return;
    const next = billable.data?.items[0]?.currency ?? practiceCurrency;
    form.setValue('currency', next);
    if (form.getValues('accountId') === null)
      form.setValue('accountId', defaultAccountOf(accountList, next)?.id ?? null);
  }, [existing, accounts.data, accountList, billable.data, clientId, practiceCurrency, form]);

  // A new invoice starts with the client's work in its currency (or only the sessions it was opened for, with their
  // cancellation or no-show fees).
  const prefilledFor = useRef<number | null>(existing ? existing.clientId : null);
  useEffect(() => {
    if (existing || !clientId || !billable.data || !currency || prefilledFor.current === clientId) return;
    prefilledFor.current = clientId;
    const work = billable.data.items.filter(
      (item) =>
        item.currency === currency && (!sessionIds || (item.sessionId !== null && sessionIds.includes(item.sessionId))),
    );
    const free = form.getValues('lines').filter((line) => line.sourceKind === 'free');
    form.setValue('lines', [...work.map((item) => lineFromBillable(item, defaultTaxRateBp)), ...free]);
  }, [existing, clientId, billable.data, currency, sessionIds, defaultTaxRateBp, form]);

  // The due date follows the issue date by the payment terms until the person types one.
  useEffect(() => {
    if (dueTyped.current || !issueDate) return;
    form.setValue('dueDate', shiftDate(issueDate, { days: terms }));
  }, [issueDate, terms, form]);

  const currencyChoice = currency || practiceCurrency || DEFAULT_CURRENCY;
  const chooseCurrency = (next: string) => {
    form.setValue('currency', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    const account = defaultAccountOf(accountList, next);
    if (account) form.setValue('accountId', account.id, { shouldDirty: true });
  };
  const finish = (action: InvoiceFormAction) => {
    chosen.current = action;
    void shellProps.onSubmit();
  };

  return (
    <ModalShell
      title={title}
      description={description}
      size="lg"
      submitLabel={primary.label}
      onReload={onReload}
      {...shellProps}
      onSubmit={(event) => {
        chosen.current = primary;
        void shellProps.onSubmit(event);
      }}
      extraActions={
        <>
          {footerActions}
          {extras.map((action) => (
            <Button key={action.label} variant="secondary" disabled={shellProps.busy} onClick={() => finish(action)}>
              {action.label}
            </Button>
          ))}
        </>
      }
    >
      <ModalFields sensitive>
        <ClientField
          value={client}
          fixed={clientFixed}
          error={errorOf('clientId')}
          onValueChange={(option) => {
            setClient(option);
            form.setValue('clientId', option ? Number(option.value) : Number.NaN, { shouldDirty: true });
            // The work listed was the other client's.
            form.setValue(
              'lines',
              form.getValues('lines').filter((line) => line.sourceKind === 'free'),
              { shouldDirty: true },
            );
            form.setValue('contactId', null);
          }}
        />
        <Controller
          name="billToKind"
          control={form.control}
          render={({ field: billTo }) => (
            <RadioGroup
              label="Bill to"
              orientation="horizontal"
              options={BILL_TO_OPTIONS}
              value={billTo.value}
              onValueChange={billTo.onChange}
              onBlur={billTo.onBlur}
              error={errorOf('billToKind')}
            />
          )}
        />
        {billToKind === 'contact' && (
          <Controller
            name="contactId"
            control={form.control}
            render={({ field: contact }) => (
              <PayerContactSelect
                clientId={clientId}
                value={contact.value}
                onChange={contact.onChange}
                onBlur={contact.onBlur}
                error={errorOf('contactId')}
              />
            )}
          />
        )}
        {billToKind === 'insurer' && (
          <Controller
            name="insurerId"
            control={form.control}
            render={({ field: insurer }) => (
              <Select
                label="Insurer"
                required
                placeholder="Choose an insurer"
                hint={
                  insurers.data?.items.length === 0
                    ? 'The practice has no insurers yet: add one in Settings > Insurance.'
                    : undefined
                }
                options={(insurers.data?.items ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
                value={insurer.value ? String(insurer.value) : ''}
                onValueChange={(value) => insurer.onChange(Number(value))}
                onBlur={insurer.onBlur}
                error={errorOf('insurerId')}
              />
            )}
          />
        )}
        <FieldRow>
          <CurrencySelect
            value={currencyChoice}
            onValueChange={chooseCurrency}
            inUse={[
              ...accountList.map((account) => account.accountCurrency),
              ...(billable.data?.items ?? []).map((i) => i.currency),
            ]}
            error={errorOf('currency')}
          />
          <Controller
            name="accountId"
            control={form.control}
            render={({ field: account }) => (
              <Select
                label="Invoice account"
                placeholder={accountList.length ? 'Choose an account' : 'No accounts yet'}
                hint={
                  accounts.data && accountList.length === 0
                    ? 'Add the account clients pay into in Settings > Client-billing.'
                    : 'The bank details printed on the invoice.'
                }
                options={accountList.map((a) => ({ value: String(a.id), label: accountLabel(a) }))}
                value={account.value ? String(account.value) : ''}
                onValueChange={(value) => {
                  account.onChange(Number(value));
                  if (form.formState.isSubmitted) void form.trigger('currency');
                }}
                onBlur={account.onBlur}
                error={errorOf('accountId')}
              />
            )}
          />
        </FieldRow>
        <FieldRow>
          <Controller
            name="issueDate"
            control={form.control}
            render={({ field: date }) => (
              <DatePicker
                label="Issue date"
                required
                {...dateLimits(DATE_RANGES.invoice)}
                value={date.value ?? ''}
                onValueChange={date.onChange}
                onBlur={date.onBlur}
                error={errorOf('issueDate')}
              />
            )}
          />
          <Controller
            name="dueDate"
            control={form.control}
            render={({ field: date }) => (
              <DatePicker
                label="Due date"
                required
                hint={`Payment terms: ${terms === 0 ? 'due on receipt' : `${terms} days`}.`}
                {...dateLimits(DATE_RANGES.invoice, { notBefore: issueDate })}
                value={date.value ?? ''}
                onValueChange={(value) => {
                  dueTyped.current = true;
                  date.onChange(value);
                }}
                onBlur={date.onBlur}
                error={errorOf('dueDate')}
              />
            )}
          />
        </FieldRow>
        <LineItemsEditor
          contract={formContract}
          billable={billable.data?.items ?? []}
          billableError={billable.error}
          retryBillable={billable.retry}
          services={services.data?.items ?? []}
          currency={currencyChoice}
          defaultTaxRateBp={defaultTaxRateBp}
        />
        <TextArea
          label="Notes"
          hint="Optional: printed on the invoice."
          rows={2}
          maxLength={BILLING_LIMITS.invoiceNotes}
          {...field('notes')}
        />
      </ModalFields>
    </ModalShell>
  );
}

/** The body the ledger's calls take from the form's values (create takes `action`; a draft's update takes none). */
export function invoiceFields(body: InvoiceFormValues): Omit<CreateInvoiceBody, 'action' | 'message'> {
  const { action: _action, message: _message, ...fields } = body;
  return fields;
}
