import {
  type ClientActivitySource,
  CLIENT_TEXT_MAX,
  CLIENT_ACTIVITY_KIND_LABELS,
  CLIENT_MANUAL_ACTIVITY_KINDS,
  createClientActivityBodySchema,
  type ClientActivityEntry,
  type CreateClientActivityBody,
  dateLimits,
  DATE_RANGES,
} from '@halcyon/api/contract';
import { useMutation, useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import {
  DatePicker,
  FieldRow,
  Select,
  Sensitive,
  Skeleton,
  TextArea,
  TextField,
  TimePicker,
  useBanners,
} from '@halcyon/design-system';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { formatDateTime, instantAt, timeIn, todayIn } from '@halcyon/api/time';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { ActivityLogModalProps } from '../../types';
import viewStyles from './ActivityLogModal.module.css';

/** The Created message of SPEC.md §8 for an activity log entry. */
export const ACTIVITY_ENTRY_CREATED_MESSAGE = 'Activity log entry created.';

type Props = ActivityLogModalProps;
type Values = CreateClientActivityBody;
type Parsed = (typeof createClientActivityBodySchema)['_zod']['output'];

const NONE = 'none';
const KIND_OPTIONS = CLIENT_MANUAL_ACTIVITY_KINDS.map((kind) => ({
  value: kind,
  label: CLIENT_ACTIVITY_KIND_LABELS[kind],
}));
const DIRECTION_OPTIONS = [
  { value: NONE, label: 'Not recorded' },
  { value: 'incoming', label: 'From the client or contact' },
  { value: 'outgoing', label: 'From the practice' },
];

/**
 * A date and a time typed apart, in the practice's time zone, held by the form as one ISO date-time (undefined while
 * incomplete: "now").
 */
function WhenField({ onChange, error }: { onChange: (iso: string | undefined) => void; error?: string }) {
  const timeZone = usePracticeTimeZone();
  const [parts, setParts] = useState(() => ({ date: todayIn(timeZone), time: timeIn(Date.now(), timeZone) }));
  const change = (next: { date: string; time: string }) => {
    setParts(next);
    onChange(instantAt(next.date, next.time, timeZone)?.toISOString());
  };
  return (
    <FieldRow>
      <DatePicker
        label="Date"
        {...dateLimits(DATE_RANGES.happened)}
        value={parts.date}
        onValueChange={(date) => change({ ...parts, date })}
        error={error}
      />
      <TimePicker label="Time" value={parts.time} onValueChange={(time) => change({ ...parts, time })} />
    </FieldRow>
  );
}

function AddEntry({ clientId, defaults, onSaved }: Props) {
  const { notify } = useBanners();
  const create = useMutation('createClientActivity', { prependTo: ['listClientActivity'] });
  const { form, shellProps } = useModalForm<Values, Parsed, ClientActivityEntry | null>(
    createClientActivityBodySchema,
    {
      defaultValues: {
        kind: defaults?.kind ?? 'call',
        occurredAt: defaults?.date,
        direction: null,
        summary: '',
        body: '',
        durationMinutes: null,
      },
      submit: (body) => create.trigger({ params: { clientId }, body }),
      onSuccess: async (entry) => {
        notify({ variant: 'success', message: ACTIVITY_ENTRY_CREATED_MESSAGE });
        if (entry) await onSaved?.(entry);
      },
    },
  );
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <ModalShell
      title="Add to the activity log"
      description="Record a call, e-mail, letter, meeting or note about this client."
      submitLabel="Add entry"
      size="lg"
      {...shellProps}
    >
      <ModalFields sensitive>
        <FieldRow>
          <Controller
            name="kind"
            control={control}
            render={({ field }) => (
              <Select
                label="Kind"
                required
                options={KIND_OPTIONS}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.kind?.message}
              />
            )}
          />
          <Controller
            name="direction"
            control={control}
            render={({ field }) => (
              <Select
                label="Direction"
                options={DIRECTION_OPTIONS}
                value={field.value ?? NONE}
                onValueChange={(value) => field.onChange(value === NONE ? null : value)}
                onBlur={field.onBlur}
                error={errors.direction?.message}
              />
            )}
          />
        </FieldRow>
        <Controller
          name="occurredAt"
          control={control}
          render={({ field }) => <WhenField onChange={field.onChange} error={errors.occurredAt?.message} />}
        />
        <TextField
          label="Summary"
          required
          placeholder="e.g. Phoned about moving Thursday's session"
          maxLength={CLIENT_TEXT_MAX.activitySummary}
          autoComplete="off"
          {...register('summary')}
          error={errors.summary?.message}
        />
        <TextArea label="Notes" rows={5} {...register('body')} error={errors.body?.message} />
        <TextField
          label="Duration in minutes"
          type="number"
          min={0}
          inputMode="numeric"
          {...register('durationMinutes', {
            setValueAs: (value: unknown) =>
              value === '' || value === null || value === undefined ? null : Number(value),
          })}
          error={errors.durationMinutes?.message}
        />
      </ModalFields>
    </ModalShell>
  );
}

/** A recorded call that did not go through, in words; a successful one needs none. */
const OUTCOME_WORDS: Readonly<Record<string, string>> = {
  denied: 'Refused: not allowed for this role',
  not_found: 'Refused: the record was not found',
  failed: 'Not done: it had changed meanwhile',
  invalid: 'Not done: something needed fixing',
};

function ViewEntry({ id, source }: { id: number; source: ClientActivitySource }) {
  const entry = useRoute('getClientActivity', { params: { id }, query: { source } });
  const timeZone = usePracticeTimeZone();
  const e = entry.data;
  const rows: [string, string | null][] = e
    ? [
        ['Kind', CLIENT_ACTIVITY_KIND_LABELS[e.kind]],
        ['When', formatDateTime(e.at, timeZone)],
        ['By', e.actorName ?? 'The system'],
        [
          'Direction',
          e.direction === 'incoming'
            ? 'From the client or contact'
            : e.direction === 'outgoing'
              ? 'From the practice'
              : null,
        ],
        ['Duration', e.durationMinutes === null ? null : `${e.durationMinutes} minutes`],
        ['Outcome', e.outcome ? (OUTCOME_WORDS[e.outcome] ?? null) : null],
      ]
    : [];
  return (
    <ModalShell
      title="Activity log entry"
      description={e ? <Sensitive>{e.summary}</Sensitive> : 'Loading the entry…'}
      size="lg"
    >
      {e === undefined ? (
        entry.error ? (
          <p role="alert">This entry could not be loaded. Close and try again.</p>
        ) : (
          <Skeleton width="60%" />
        )
      ) : e === null ? (
        <p role="alert">This entry no longer exists.</p>
      ) : (
        <>
          <dl className={viewStyles.list}>
            {rows
              .filter(([, value]) => value !== null && value !== '')
              .map(([label, value]) => (
                <div key={label} className={viewStyles.pair}>
                  <dt>{label}</dt>
                  <dd>
                    <Sensitive>{value}</Sensitive>
                  </dd>
                </div>
              ))}
          </dl>
          {e.body && (
            <Sensitive as="div" className={viewStyles.body}>
              {e.body}
            </Sensitive>
          )}
        </>
      )}
    </ModalShell>
  );
}

/**
 * activity-log (CATALOG.md): with an `id`, a read-only view of one entry (a manual entry, or a recorded change when
 * `source` is audit); without one, a form that adds a manual entry (call, e-mail, letter, meeting or note).
 */
export function ActivityLogModal(props: Props) {
  if (props.id) return <ViewEntry id={props.id} source={props.source ?? 'manual'} />;
  return <AddEntry {...props} />;
}
