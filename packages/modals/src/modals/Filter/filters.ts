import type { DateRange } from '@halcyon/api/contract';

/** One choice of a select or multi-select filter. */
export interface FilterOption {
  value: string;
  label: string;
}

interface FilterFieldBase {
  /** The key of this filter in the values, e.g. "status". */
  name: string;
  label: string;
  hint?: string;
}

/**
 * A filter the list passes to the filter modal. A `date-range` keeps its `limits` (the contract's range of the list's
 * query: each day in it, the last on or after the first); a `client` is chosen by name and its value is a `FilterChoice`.
 */
export type FilterField =
  | (FilterFieldBase & { type: 'select'; options: readonly FilterOption[]; placeholder?: string })
  | (FilterFieldBase & { type: 'multi-select'; options: readonly FilterOption[] })
  | (FilterFieldBase & { type: 'checkbox' })
  | (FilterFieldBase & { type: 'date-range'; limits?: DateRange })
  | (FilterFieldBase & { type: 'text'; placeholder?: string })
  | (FilterFieldBase & { type: 'client'; placeholder?: string });

export type FilterFieldType = FilterField['type'];

/** A date range filter: ISO dates (yyyy-mm-dd); an empty string is an open end. */
export interface DateRangeValue {
  from: string;
  to: string;
}

/** A record chosen in a filter (a client): its id as text, and the name the field and the list show. */
export interface FilterChoice {
  value: string;
  label: string;
}

export type FilterValue = string | readonly string[] | boolean | DateRangeValue | FilterChoice;
export type FilterValues = Readonly<Record<string, FilterValue | undefined>>;

/** The value of a filter that filters nothing. */
export function emptyFilterValue(type: FilterFieldType): FilterValue {
  switch (type) {
    case 'multi-select':
      return [];
    case 'checkbox':
      return false;
    case 'date-range':
      return { from: '', to: '' };
    default:
      return '';
  }
}

/** Every field at its empty value: what Reset shows. */
export function emptyFilterValues(fields: readonly FilterField[]): Record<string, FilterValue> {
  return Object.fromEntries(fields.map((field) => [field.name, emptyFilterValue(field.type)]));
}

/** The form's starting values: the applied values, or the empty value where none is applied. */
export function initialFilterValues(fields: readonly FilterField[], values: FilterValues): Record<string, FilterValue> {
  return Object.fromEntries(fields.map((field) => [field.name, values[field.name] ?? emptyFilterValue(field.type)]));
}

/** Does this value filter anything? */
export function isActiveFilterValue(value: FilterValue | undefined): boolean {
  if (value === undefined || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (isFilterChoice(value)) return value.value !== '';
  if (typeof value === 'object') return (value as DateRangeValue).from !== '' || (value as DateRangeValue).to !== '';
  return value;
}

/** Is this value a record chosen (a client), rather than a date range? */
export function isFilterChoice(value: FilterValue | undefined): value is FilterChoice {
  return typeof value === 'object' && !Array.isArray(value) && 'value' in value && 'label' in value;
}

/** How many filters are active (only the given fields count when `fields` is passed). */
export function countActiveFilters(values: FilterValues, fields?: readonly FilterField[]): number {
  const names = fields ? fields.map((field) => field.name) : Object.keys(values);
  return names.filter((name) => isActiveFilterValue(values[name])).length;
}

// ---- the clients list (CATALOG.md /Clients) ---------------------------------------------------------------------------

/** The client statuses, kinds and risk levels the clients list filters by (the contract's values and labels). */
const CLIENT_STATUS_FILTER_OPTIONS: readonly FilterOption[] = [
  { value: 'enquiry', label: 'Enquiry' },
  { value: 'waitlist', label: 'Waitlist' },
  { value: 'active', label: 'Active' },
  { value: 'on hold', label: 'On hold' },
  { value: 'discharged', label: 'Discharged' },
  { value: 'archived', label: 'Archived' },
];
const CLIENT_KIND_FILTER_OPTIONS: readonly FilterOption[] = [
  { value: 'individual', label: 'Individual' },
  { value: 'couple', label: 'Couple' },
  { value: 'family', label: 'Family' },
  { value: 'group', label: 'Group' },
];
const CLIENT_RISK_FILTER_OPTIONS: readonly FilterOption[] = [
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
  { value: 'none', label: 'None recorded' },
];

/**
 * The clients list's filters (CATALOG.md /Clients): status, therapist, tag, risk level, overdue risk review, and kind. `therapists` are the
 * practice's clinicians (value: the user id as text).
 */
export function clientFilterFields(therapists: readonly FilterOption[] = []): FilterField[] {
  return [
    { type: 'multi-select', name: 'status', label: 'Status', options: CLIENT_STATUS_FILTER_OPTIONS },
    {
      type: 'select',
      name: 'therapistId',
      label: 'Therapist',
      placeholder: 'Any therapist',
      options: therapists,
    },
    { type: 'text', name: 'tag', label: 'Tag', placeholder: 'e.g. EMDR', hint: 'Clients with exactly this tag.' },
    { type: 'multi-select', name: 'riskLevel', label: 'Risk level', options: CLIENT_RISK_FILTER_OPTIONS },
    {
      type: 'checkbox',
      name: 'riskReviewOverdue',
      label: 'Risk review overdue',
      hint: 'Clients whose current risk assessment is past its review date.',
    },
    { type: 'multi-select', name: 'kind', label: 'Kind', options: CLIENT_KIND_FILTER_OPTIONS },
  ];
}
