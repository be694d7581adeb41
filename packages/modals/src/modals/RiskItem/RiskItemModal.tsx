import {
  RISK_ITEM_CATEGORIES,
  RISK_ITEM_CATEGORY_LABELS,
  RISK_SEVERITIES,
  createRiskItemBodySchema,
  updateRiskItemBodySchema,
  type RiskItem,
  dateLimits,
  DATE_RANGES,
} from '@halcyon/api/contract';
import { useApiClient, useMutation, useRoute } from '@halcyon/api/swr';
import { DatePicker, RadioGroup, Select, Skeleton, TextArea, useBanners } from '@halcyon/design-system';
import { Controller } from 'react-hook-form';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { RiskItemModalProps } from '../../types';
import { ConflictActions, todayIso, fillFrom } from '../TreatmentPlan/ConflictActions';
import { errorAt, formAsText, registerDate, type AnyForm } from '../TreatmentPlan/planForm';
import styles from '../TreatmentPlan/planForm.module.css';

/** SPEC.md §8: Created or Updated messages for the other record types. */
export const RISK_ITEM_CREATED = 'Risk item created.';
export const RISK_ITEM_UPDATED = 'Risk item updated.';

type Props = RiskItemModalProps;

const DESCRIPTION = 'An incident or concern: what happened, how serious it is, what you did and when to review it.';
const CATEGORY_OPTIONS = RISK_ITEM_CATEGORIES.map((value) => ({ value, label: RISK_ITEM_CATEGORY_LABELS[value] }));
const SEVERITY_OPTIONS = RISK_SEVERITIES.map((value) => ({
  value,
  label: value === 'low' ? 'Low' : value === 'medium' ? 'Medium' : 'High',
}));
const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

/** risk-item: adds an item to the client's risk log, or (with `id`) changes one; a stale change answers 409. */
export function RiskItemModal({ clientId, id, defaults, onSaved }: Props) {
  const { notify } = useBanners();
  const client = useApiClient();
  const itemRoute = useRoute('getRiskItem', id ? { params: { id } } : null);
  const create = useMutation('createRiskItem');
  const update = useMutation('updateRiskItem');
  const title = id ? 'Edit risk item' : 'Add risk item';
  const toForm = (source: RiskItem | undefined) => ({
    date: source?.date ?? defaults?.date ?? todayIso(),
    category: source?.category ?? (defaults?.category as RiskItem['category'] | undefined) ?? 'other',
    severity: source?.severity ?? defaults?.severity ?? 'medium',
    description: source?.description ?? '',
    actionTaken: source?.actionTaken ?? '',
    reviewDate: source?.reviewDate ?? defaults?.reviewDate ?? '',
    status: source?.status ?? 'open',
    // The create body has no version (it is strict); an update sends the one read.
    ...(source ? { version: source.version } : {}),
  });
  const { form, shellProps, conflict } = useModalForm(id ? updateRiskItemBodySchema : createRiskItemBodySchema, {
    defaultValues: toForm(undefined),
    ...fillFrom(itemRoute.data ? toForm(itemRoute.data) : undefined),
    submit: async (values) => {
      const { version, ...body } = values as typeof values & { version?: number };
      if (id) return update.trigger({ params: { id }, body: { ...body, version: version ?? 1 } });
      return create.trigger({ params: { clientId }, body });
    },
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: id ? RISK_ITEM_UPDATED : RISK_ITEM_CREATED });
      if (saved) await onSaved?.(saved);
    },
  });
  const any = form as unknown as AnyForm;
  const ready = !id || Boolean(itemRoute.data);
  const loadError =
    id && (itemRoute.error !== undefined || itemRoute.data === null)
      ? 'This risk item could not be loaded: it may have been deleted.'
      : null;

  async function reload() {
    if (!id) return;
    const fresh = await client.call('getRiskItem', { params: { id } });
    if (fresh) form.reset(toForm(fresh));
  }

  return (
    <ModalShell
      title={title}
      description={DESCRIPTION}
      {...shellProps}
      submitLabel={ready ? (id ? 'Save risk item' : 'Add risk item') : undefined}
      error={shellProps.error ?? loadError}
      errorActions={
        conflict ? <ConflictActions text={() => formAsText(form.getValues())} onReload={reload} /> : undefined
      }
    >
      {!ready ? (
        !loadError && <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the risk item" />
      ) : (
        <ModalFields sensitive>
          <div className={styles.row}>
            <DatePicker
              label="Date"
              {...dateLimits(DATE_RANGES.happened)}
              required
              error={errorAt(any, 'date')}
              {...registerDate(any, 'date')}
            />
            <Controller
              control={any.control}
              name="category"
              render={({ field }) => (
                <Select
                  label="Category"
                  required
                  options={CATEGORY_OPTIONS}
                  value={field.value as string}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errorAt(any, 'category')}
                />
              )}
            />
          </div>
          <Controller
            control={any.control}
            name="severity"
            render={({ field }) => (
              <RadioGroup
                label="Severity"
                required
                orientation="horizontal"
                options={SEVERITY_OPTIONS}
                value={field.value as string}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={errorAt(any, 'severity')}
              />
            )}
          />
          <TextArea
            label="Description"
            required
            rows={3}
            error={errorAt(any, 'description')}
            {...any.register('description')}
          />
          <TextArea
            label="Action taken"
            rows={3}
            error={errorAt(any, 'actionTaken')}
            {...any.register('actionTaken')}
          />
          <DatePicker
            label="Review date"
            {...dateLimits(DATE_RANGES.review)}
            error={errorAt(any, 'reviewDate')}
            {...registerDate(any, 'reviewDate')}
          />
          {id && (
            <Controller
              control={any.control}
              name="status"
              render={({ field }) => (
                <RadioGroup
                  label="Status"
                  orientation="horizontal"
                  options={STATUS_OPTIONS}
                  value={field.value as string}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </ModalFields>
      )}
    </ModalShell>
  );
}
