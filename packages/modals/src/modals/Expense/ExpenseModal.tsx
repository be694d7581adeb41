import {
  DATE_RANGES,
  DEFAULT_CURRENCY,
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_MESSAGES,
  EXPENSE_TEXT_MAX,
  UPLOAD_MAX_MB_DEFAULT,
  createExpenseBodySchema,
  dateLimits,
  type Expense,
  type StoredFile,
} from '@halcyon/api/contract';
import { lineTax, formatMoney } from '@halcyon/api/money';
import { uploadFailureSentence } from '@halcyon/api/client';
import { useExpense, useMutation, usePracticeToday, useUpload } from '@halcyon/api/swr';
import {
  Button,
  DatePicker,
  FieldRow,
  FileDrop,
  MoneyField,
  NumberField,
  TextArea,
  TextField,
} from '@halcyon/design-system';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { SelectField } from '../../form/SelectField';
import { useModalForm } from '../../form/useModalForm';
import { useRecordSaved } from '../../form/useRecordSaved';
import { DeleteRecordButton } from '../../ModalShell/DeleteRecordButton';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { PricedRecordForm } from '../../settings/RecordLoadState';
import type { ModalPropsMap } from '../../types';
import styles from '../ClientOnboarding/ClientOnboardingModal.module.css';

type Props = ModalPropsMap['expense'];

/** What a receipt may be (the server checks the file's content again): a PDF or an image. */
export const RECEIPT_ACCEPT = ['.pdf', '.png', '.jpg', '.jpeg', '.webp', '.gif'] as const;
export const RECEIPT_MAX_BYTES = UPLOAD_MAX_MB_DEFAULT * 1024 * 1024;

const CATEGORY_OPTIONS = EXPENSE_CATEGORIES.map((value) => ({ value, label: EXPENSE_CATEGORY_LABELS[value] }));

/** The form's fields: the create body's, the receipt uploaded on save (its id is added then). */
const formSchema = createExpenseBodySchema.omit({ receiptFileId: true });

/**
 * A tax rate typed as a percentage ("20", "12.5") as basis points (2000, 1250). A rate with more than two decimals stays
 * fractional, so the contract's rule says to use at most two; an empty box is no number (the contract asks for one).
 */
export function percentToBasisPoints(percent: number | null): number {
  if (percent === null) return Number.NaN;
  const bp = Math.round(percent * 100);
  return Math.abs(percent * 100 - bp) < 1e-6 ? bp : percent * 100;
}

function ExpenseForm({
  existing,
  defaults,
  currency,
  onSaved,
  onReload,
}: Pick<Props, 'defaults' | 'onSaved'> & {
  existing: Expense | null;
  currency: string;
  onReload: () => Promise<void>;
}) {
  const upload = useUpload<StoredFile>('/api/files');
  const create = useMutation('createExpense', { prependTo: ['listExpenses'] });
  const update = useMutation('updateExpense');
  const editing = existing !== null;
  const [file, setFile] = useState<File | null>(null);
  /** The receipt kept from before (editing), until it is taken off or replaced. */
  const [kept, setKept] = useState<StoredFile | null>(existing?.receipt ?? null);
  /** A file already uploaded for this form (a retry after a failed save does not upload it twice). */
  const [uploaded, setUploaded] = useState<{ file: File; stored: StoredFile } | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [negative, setNegative] = useState(false);

  const sendReceipt = async (): Promise<string | null> => {
    if (!file) return kept?.id ?? null;
    if (uploaded?.file === file) return uploaded.stored.id;
    const body = new FormData();
    body.append('file', file);
    try {
      const stored = await upload.upload(body);
      setUploaded({ file, stored });
      return stored.id;
    } catch (error) {
      setFileError(uploadFailureSentence(error));
      throw error;
    }
  };

  const today = usePracticeToday();
  const { form, field, errorOf, shellProps } = useModalForm(formSchema, {
    defaultValues: {
      date: existing?.date ?? defaults?.date ?? today,
      category: existing?.category ?? (defaults?.category as Expense['category'] | undefined) ?? 'rooms',
      supplier: existing?.supplier ?? defaults?.supplier ?? '',
      description: existing?.description ?? '',
      amountMinor: existing?.amountMinor ?? defaults?.amountMinor ?? Number.NaN,
      currency: existing?.currency ?? defaults?.currency ?? currency,
      taxRateBp: existing?.taxRateBp ?? 0,
    },
    submit: async (body) => {
      const receiptFileId = await sendReceipt();
      return editing
        ? update.trigger({ params: { id: existing.id }, body: { ...body, receiptFileId, version: existing.version } })
        : create.trigger({ body: { ...body, receiptFileId } });
    },
    onSuccess: useRecordSaved(
      editing,
      { created: EXPENSE_MESSAGES.created, updated: EXPENSE_MESSAGES.updated },
      onSaved,
    ),
  });
  const [amountMinor, taxRateBp, expenseCurrency] = form.watch(['amountMinor', 'taxRateBp', 'currency']);
  const figuresKnown =
    Number.isSafeInteger(amountMinor) &&
    amountMinor > 0 &&
    Number.isInteger(taxRateBp) &&
    taxRateBp >= 0 &&
    taxRateBp <= 10_000;
  const taxMinor = figuresKnown ? lineTax(amountMinor, taxRateBp) : null;

  const progress =
    file && (upload.isUploading || uploaded?.file === file)
      ? { [file.name]: uploaded?.file === file ? 100 : Math.round((upload.progress ?? 0) * 99) }
      : undefined;

  return (
    <ModalShell
      title={editing ? 'Edit expense' : 'Add expense'}
      description="What the practice spent, for its books and the accountant's export: the day, what for, who was paid, the amount before tax, the tax and the receipt."
      submitLabel={editing ? 'Save expense' : 'Add expense'}
      size="lg"
      onReload={onReload}
      extraActions={
        existing && (
          <DeleteRecordButton
            record={existing}
            kind="expense"
            route="deleteExpense"
            name={existing.supplier}
            onDeleted={onSaved}
            disabled={shellProps.busy}
          />
        )
      }
      {...shellProps}
      busy={shellProps.busy || upload.isUploading}
      dirty={shellProps.dirty || file !== null || kept?.id !== existing?.receipt?.id}
    >
      <ModalFields sensitive>
        <FieldRow>
          <Controller
            name="date"
            control={form.control}
            render={({ field: dateField }) => (
              <DatePicker
                label="Date"
                required
                {...dateLimits(DATE_RANGES.happened)}
                value={dateField.value ?? ''}
                onValueChange={dateField.onChange}
                onBlur={dateField.onBlur}
                error={errorOf('date')}
              />
            )}
          />
          <SelectField control={form.control} name="category" label="Category" required options={CATEGORY_OPTIONS} />
        </FieldRow>
        <TextField
          label="Supplier"
          hint="Who was paid: the room provider, the supervisor, the train company."
          required
          autoComplete="off"
          maxLength={EXPENSE_TEXT_MAX.supplier}
          {...field('supplier')}
        />
        <FieldRow>
          <Controller
            name="amountMinor"
            control={form.control}
            render={({ field: amountField }) => (
              <MoneyField
                label="Amount before tax"
                required
                currency={expenseCurrency || DEFAULT_CURRENCY}
                value={Number.isNaN(amountField.value) ? null : amountField.value}
                // A minus sign is no amount to the field; the contract's rule then says why ("cannot be negative").
                onChange={(event) => setNegative(event.target.value.trim().startsWith('-'))}
                onValueChange={(minor) => amountField.onChange(minor ?? (negative ? -1 : Number.NaN))}
                onBlur={amountField.onBlur}
                error={errorOf('amountMinor') ?? errorOf('currency')}
              />
            )}
          />
          <Controller
            name="taxRateBp"
            control={form.control}
            render={({ field: taxField }) => (
              <NumberField
                label="Tax rate"
                hint="0 when the receipt shows no VAT or sales tax."
                required
                min={0}
                max={100}
                step={0.01}
                unit="%"
                name={taxField.name}
                value={Number.isNaN(taxField.value) ? '' : taxField.value / 100}
                onValueChange={(percent) => taxField.onChange(percentToBasisPoints(percent))}
                onBlur={taxField.onBlur}
                error={errorOf('taxRateBp')}
              />
            )}
          />
        </FieldRow>
        <p aria-live="polite">
          {taxMinor === null
            ? 'The tax and total show once the amount and rate are filled in.'
            : `Tax ${formatMoney(taxMinor, expenseCurrency)}, total ${formatMoney(amountMinor + taxMinor, expenseCurrency)}.`}
        </p>
        <TextArea
          label="Description"
          hint="Optional: what it was for."
          rows={2}
          maxLength={EXPENSE_TEXT_MAX.description}
          {...field('description')}
        />
        {kept && !file ? (
          <div className={styles.row}>
            <p>Receipt: {kept.name}</p>
            <Button variant="ghost" onClick={() => setKept(null)} disabled={shellProps.busy}>
              Remove receipt
            </Button>
          </div>
        ) : (
          <FileDrop
            label="Receipt"
            hint="Optional: a PDF or a photo of the receipt."
            accept={RECEIPT_ACCEPT}
            maxSize={RECEIPT_MAX_BYTES}
            files={file ? [file] : []}
            progress={progress}
            error={fileError}
            disabled={shellProps.busy}
            onFilesChange={(next) => {
              setFile(next[0] ?? null);
              setFileError(undefined);
            }}
          />
        )}
      </ModalFields>
    </ModalShell>
  );
}

/**
 * expense (CATALOG.md): date, category, supplier, amount before tax, tax rate and a receipt file uploaded with progress
 * (the design system's FileDrop; POST /api/files, then the expense names the file). No `id` adds one; an `id` edits it
 * and offers Delete (delete-item, kind expense: "Expense was successfully deleted."). Saved: "Expense created." or
 * "Expense updated."; a failed save keeps what was typed and the chosen file.
 */
export function ExpenseModal({ id, defaults, onSaved }: Props) {
  const existing = useExpense(id === undefined ? null : Number(id));
  return (
    <PricedRecordForm
      editing={id !== undefined}
      record={existing}
      title="Edit expense"
      what="this expense"
      addTitle="Add expense"
      knownCurrency={existing.key ? existing.data?.currency : defaults?.currency}
    >
      {(record, reload, currency) => (
        <ExpenseForm existing={record} defaults={defaults} currency={currency} onSaved={onSaved} onReload={reload} />
      )}
    </PricedRecordForm>
  );
}
