import { TextField } from '@halcyon/design-system';
import { useState } from 'react';
import { Search } from './icons';
import { useDebouncedValue } from './useDebouncedValue';

/** How long a list's search waits after the last key before it asks the server. */
const LIST_SEARCH_DEBOUNCE_MS = 250;

/**
 * A list's search, kept on the page (never in the address: it may hold a client's name): what is typed, and the
 * trimmed search the list's query sends once typing pauses.
 */
export function useListSearchText() {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), LIST_SEARCH_DEBOUNCE_MS);
  return { typed, setTyped, search };
}

/** The search box above a list: a labelled search field with the magnifier. */
export function ListSearchField({
  label,
  placeholder,
  maxLength,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      type="search"
      label={label}
      placeholder={placeholder}
      maxLength={maxLength}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      startAdornment={<Search />}
      autoComplete="off"
    />
  );
}
