import { DEFAULT_CURRENCY, type Service } from '@halcyon/api/contract';
import { useApiClient, useMembers } from '@halcyon/api/swr';
import { Button, Combobox, FieldRow, MoneyField, Select, TextField, type ComboboxOption } from '@halcyon/design-system';
import { useMemo, useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { usePracticeCurrency } from '../../billing/usePracticeCurrency';
import { NO_SERVICE, ServiceField, useSessionServices } from '../../services/ServiceField';
import styles from './ClientOnboardingModal.module.css';

/** The practice's clinicians (active Admins and Therapists) plus "Unassigned"; value: the user id as text. */
export const UNASSIGNED = 'unassigned';
export function useTherapistSelectOptions() {
  const members = useMembers();
  return useMemo(
    () => [
      { value: UNASSIGNED, label: 'Unassigned' },
      ...(members.data?.items ?? [])
        .filter((member) => member.status === 'active' && member.role !== 'Assistant')
        .map((member) => ({ value: String(member.id), label: `${member.firstName} ${member.lastName}` })),
    ],
    [members.data],
  );
}

/** A therapist chooser for a form whose value is a user id or null. */
export function TherapistSelect({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  error?: string;
}) {
  const options = useTherapistSelectOptions();
  return (
    <Select
      label="Therapist"
      options={options}
      value={value ? String(value) : UNASSIGNED}
      onValueChange={(chosen) => onChange(chosen === UNASSIGNED ? null : Number(chosen))}
      onBlur={onBlur}
      error={error}
    />
  );
}

function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** Tags typed as one comma-separated line ("EMDR, evening, sliding scale"); the form holds them as a list. */
export function TagsField({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: readonly string[] | undefined;
  onChange: (tags: string[]) => void;
  onBlur?: () => void;
  error?: string;
}) {
  const [text, setText] = useState(() => (value ?? []).join(', '));
  return (
    <TextField
      label="Tags"
      hint="Separate tags with commas, e.g. EMDR, evening, sliding scale."
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(splitTags(event.target.value));
      }}
      onBlur={onBlur}
      error={error}
      autoComplete="off"
    />
  );
}

export interface MemberChoice {
  id: number;
  name: string;
}

/**
 * The member clients of a couple, family or group: search the practice's individual clients and add them; each chosen
 * member can be removed again.
 */
export function MembersField({
  value,
  onChange,
  known,
  error,
}: {
  value: readonly number[] | undefined;
  onChange: (ids: number[]) => void;
  /** Names of members already chosen (when editing). */
  known?: readonly MemberChoice[];
  error?: string;
}) {
  const client = useApiClient();
  const [names, setNames] = useState<Record<number, string>>(() =>
    Object.fromEntries((known ?? []).map((member) => [member.id, member.name])),
  );
  const ids = value ?? [];
  const loadOptions = async (query: string): Promise<ComboboxOption[]> => {
    const answer = await client.call('listClients', {
      query: { search: query, pageSize: 10, kind: ['individual'] },
    });
    return (answer?.items ?? [])
      .filter((item) => !ids.includes(item.id))
      .map((item) => ({
        value: String(item.id),
        label: `${item.firstName} ${item.lastName}`.trim(),
        description: item.dateOfBirth ? `Born ${item.dateOfBirth}` : (item.email ?? undefined),
      }));
  };
  return (
    <div className={styles.members}>
      <Combobox
        label="Members"
        hint="Search the practice's individual clients by name and add each member."
        loadOptions={loadOptions}
        value={null}
        onValueChange={(option) => {
          if (!option) return;
          const id = Number(option.value);
          setNames((current) => ({ ...current, [id]: option.label }));
          if (!ids.includes(id)) onChange([...ids, id]);
        }}
        placeholder="Search clients"
        emptyMessage="No individual client with that name."
        error={error}
      />
      {ids.length > 0 && (
        <ul className={styles.memberList} aria-label="Chosen members">
          {ids.map((id) => (
            <li key={id} className={styles.member}>
              <span>{names[id] ?? `Client ${id}`}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${names[id] ?? `client ${id}`}`}
                onClick={() => onChange(ids.filter((other) => other !== id))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** react-hook-form's `register(...)` for a DatePicker (whose min and max are ISO strings, not numbers). */
export function asDateInput<R extends { min?: string | number; max?: string | number }>(
  registered: R,
): Omit<R, 'min' | 'max'> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { min, max, ...rest } = registered;
  return rest;
}

/** The fields ServiceAndFee fills. */
export interface ServiceFeeValues {
  serviceId?: number | null;
  feeMinor?: number | null;
}

/**
 * The client's usual service (Settings > Services) and the fee agreed for it: choosing a service fills its price, which
 * can then be changed. No fee without a service. For any form with `serviceId` and `feeMinor` (onboarding, billing
 * details).
 */
// The form's parsed type does not matter here: only the two fields are read and set.
export function ServiceAndFee<T extends ServiceFeeValues, P>({ form }: { form: UseFormReturn<T, unknown, P> }) {
  const f = form as unknown as UseFormReturn<ServiceFeeValues>;
  const {
    control,
    formState: { errors },
  } = f;
  const services = useSessionServices();
  const serviceId = useWatch({ control, name: 'serviceId' });
  const chosen = services.data?.items.find((service) => service.id === serviceId);
  const currency = usePracticeCurrency(chosen?.currency) ?? DEFAULT_CURRENCY;
  const choose = (service: Service | null) => {
    f.setValue('serviceId', service?.id ?? null, { shouldDirty: true, shouldValidate: f.formState.isSubmitted });
    f.setValue('feeMinor', service?.priceMinor ?? null, { shouldDirty: true });
  };
  return (
    <FieldRow>
      <ServiceField
        value={serviceId ? String(serviceId) : NO_SERVICE}
        onChoose={choose}
        hint="The session this client is usually booked for."
        error={errors.serviceId?.message}
      />
      <Controller
        name="feeMinor"
        control={control}
        render={({ field }) => (
          <MoneyField
            label="Fee"
            hint={chosen ? 'The service’s price unless you change it.' : 'Choose a service first.'}
            currency={currency}
            disabled={!chosen}
            name={field.name}
            value={field.value ?? null}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.feeMinor?.message}
          />
        )}
      />
    </FieldRow>
  );
}
