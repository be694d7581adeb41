import {
  RISK_ITEM_CATEGORIES,
  RISK_ITEM_CATEGORY_LABELS,
  RISK_SEVERITIES,
  createRiskItemBodySchema,
  type RiskItem,
  dateLimits,
  DATE_RANGES,
} from '@halcyon/api/contract';
import { useApiClient, useMutation, useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import { DatePicker, RadioGroup, Select, Skeleton, TextArea, useBanners } from '@halcyon/design-system';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { todayIn } from '@halcyon/api/time';
import { fillFrom } from '../../form/ConflictActions';
import { registerDate } from '../../form/fields';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { RiskItemModalProps } from '../../types';
import styles from '../../clinical/planForm.module.css';

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
  const today = todayIn(usePracticeTimeZone());
  const itemRoute = useRoute('getRiskItem', id ? { params: { id } } : null);
  const create = useMutation('createRiskItem');
  const update = useMutation('updateRiskItem');
  const title = id ? 'Edit risk item' : 'Add risk item';
  const toForm = (source: RiskItem | undefined) => ({
    date: source?.date ?? defaults?.date ?? today,
    category: source?.category ?? (defaults?.category as RiskItem['category'] | undefined) ?? 'other',
    severity: source?.severity ?? defaults?.severity ?? 'medium',
    description: source?.description ?? '',
    actionTaken: source?.actionTaken ?? '',
    reviewDate: source?.reviewDate ?? defaults?.reviewDate ?? '',
    status: source?.status ?? 'open',
  });
  // The fields are the create body's; a change also sends the version read (the record's, or the reloaded one's).
  const [reloaded, setReloaded] = useState<RiskItem | null>(null);
  const version = (reloaded ?? itemRoute.data)?.version ?? 1;
  const { form, errorOf, shellProps } = useModalForm(createRiskItemBodySchema, {
    defaultValues: toForm(undefined),
    ...fillFrom(itemRoute.data ? toForm(itemRoute.data) : undefined),
    submit: (body) =>
      id
        ? update.trigger({ params: { id }, body: { ...body, version } })
        : create.trigger({ params: { clientId }, body }),
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: id ? RISK_ITEM_UPDATED : RISK_ITEM_CREATED });
      if (saved) await onSaved?.(saved);
    },
  });
  const ready = !id || Boolean(itemRoute.data);
  const loadError =
    id && (itemRoute.error !== undefined || itemRoute.data === null)
      ? 'This risk item could not be loaded: it may have been deleted.'
      : null;

  async function reload() {
    if (!id) return;
    const fresh = await client.call('getRiskItem', { params: { id } });
    if (!fresh) return;
    setReloaded(fresh);
    form.reset(toForm(fresh));
  }

  return (
    <ModalShell
      title={title}
      description={DESCRIPTION}
      {...shellProps}
      submitLabel={ready ? (id ? 'Save risk item' : 'Add risk item') : undefined}
      error={shellProps.error ?? loadError}
      onReload={reload}
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
              error={errorOf('date')}
              {...registerDate(form.register, 'date')}
            />
            <Controller
              control={form.control}
              name="category"
              render={({ field }) => (
                <Select
                  label="Category"
                  required
                  options={CATEGORY_OPTIONS}
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errorOf('category')}
                />
              )}
            />
          </div>
          <Controller
            control={form.control}
            name="severity"
            render={({ field }) => (
              <RadioGroup
                label="Severity"
                required
                orientation="horizontal"
                options={SEVERITY_OPTIONS}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={errorOf('severity')}
              />
            )}
          />
          <TextArea
            label="Description"
            required
            rows={3}
            error={errorOf('description')}
            {...form.register('description')}
          />
          <TextArea label="Action taken" rows={3} error={errorOf('actionTaken')} {...form.register('actionTaken')} />
          <DatePicker
            label="Review date"
            {...dateLimits(DATE_RANGES.review)}
            error={errorOf('reviewDate')}
            {...registerDate(form.register, 'reviewDate')}
          />
          {id && (
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <RadioGroup
                  label="Status"
                  orientation="horizontal"
                  options={STATUS_OPTIONS}
                  value={field.value}
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
