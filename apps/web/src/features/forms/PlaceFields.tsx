import { Combobox, type ComboboxOption, type SelectOption } from '@halcyon/design-system';
import { useMemo } from 'react';
import { countryOptions, currentZoneName, timeZoneOptions, zoneForCountry } from './places';

/** At most this many matches show at once; typing more narrows them. */
const MATCH_LIMIT = 50;

/** Finds the options whose label or value hold every typed word ("new york", "GB", "europe dub"). */
function searchIn(options: readonly SelectOption[]) {
  const texts = options.map((option) => `${option.label} ${option.value}`.toLowerCase().replace(/_/g, ' '));
  return (query: string): Promise<ComboboxOption[]> => {
    const words = query.toLowerCase().replace(/_/g, ' ').split(/\s+/).filter(Boolean);
    const found = options.filter((_, index) => words.every((word) => texts[index]!.includes(word)));
    return Promise.resolve(found.slice(0, MATCH_LIMIT));
  };
}

export interface PlaceFieldProps {
  /** The chosen code (an ISO country code or an IANA zone); '' when none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  hint?: string;
  /** Shown but not changeable (a member who may not edit it). */
  disabled?: boolean;
}

function PlaceCombobox({
  label,
  options,
  placeholder,
  emptyMessage,
  value,
  onChange,
  onBlur,
  error,
  required,
  hint,
  disabled,
}: PlaceFieldProps & { label: string; options: readonly SelectOption[]; placeholder: string; emptyMessage: string }) {
  const loadOptions = useMemo(() => searchIn(options), [options]);
  return (
    <Combobox
      label={label}
      hint={hint}
      required={required}
      disabled={disabled}
      placeholder={placeholder}
      emptyMessage={emptyMessage}
      loadOptions={loadOptions}
      debounceMs={0}
      value={options.find((option) => option.value === value) ?? null}
      onValueChange={(option) => onChange(option?.value ?? '')}
      onBlur={() => onBlur?.()}
      error={error}
    />
  );
}

/**
 * A country, searched by name or ISO code among every country; the value is the ISO 3166-1 alpha-2 code. Given the
 * form's time zone, choosing a country with a single zone moves the zone to it (`zoneForCountry`).
 */
export function CountryField({
  timeZone,
  ...props
}: PlaceFieldProps & { timeZone?: { value: () => string; onChange: (zone: string) => void } }) {
  const options = useMemo(() => countryOptions(), []);
  const onChange = (country: string) => {
    props.onChange(country);
    const zone = timeZone ? zoneForCountry(country, timeZone.value()) : null;
    if (zone) timeZone?.onChange(zone);
  };
  return (
    <PlaceCombobox
      label="Country"
      placeholder="Type to search, e.g. Ireland"
      emptyMessage="No country by that name."
      options={options}
      {...props}
      onChange={onChange}
    />
  );
}

/**
 * An IANA time zone, searched by name ("toronto", "europe lon", "kolkata"); the value is the zone, e.g.
 * America/Toronto. A zone saved under an old spelling (Asia/Calcutta) shows as its name of today.
 */
export function TimeZoneField(props: PlaceFieldProps) {
  const options = useMemo(() => timeZoneOptions(props.value), [props.value]);
  return (
    <PlaceCombobox
      label="Time zone"
      placeholder="Type a city, e.g. London"
      emptyMessage="No time zone by that name. Try the nearest large city."
      options={options}
      {...props}
      value={currentZoneName(props.value)}
    />
  );
}
