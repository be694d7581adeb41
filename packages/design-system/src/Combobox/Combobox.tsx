import {
  forwardRef,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { Search } from 'lucide-react';
import { InlineSpinner } from '../Button/Button';
import { Field } from '../Field/Field';
import { cx } from '../Field/cx';
import type { FieldOptions } from '../Field/useField';
import { VisuallyHidden } from '../VisuallyHidden';
import control from '../Field/control.module.css';
import styles from './Combobox.module.css';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line, e.g. a date of birth to tell two clients apart. */
  description?: string;
  disabled?: boolean;
}

export interface ComboboxProps extends FieldOptions {
  /**
   * Finds options for what was typed (called after `debounceMs` of quiet). The signal aborts when a newer query
   * starts, so a fetch can be cancelled; results of an outdated query are ignored either way.
   */
  loadOptions: (query: string, signal: AbortSignal) => Promise<readonly ComboboxOption[]>;
  /** The chosen option (controlled); null when none. */
  value?: ComboboxOption | null;
  defaultValue?: ComboboxOption | null;
  onValueChange?: (option: ComboboxOption | null) => void;
  /** Wait this long after the last keystroke before searching. */
  debounceMs?: number;
  /** Search only once this many characters are typed. */
  minQueryLength?: number;
  placeholder?: string;
  emptyMessage?: string;
  loadingMessage?: string;
  errorMessage?: string;
  /** With `name`, a hidden input carries the chosen value in a submitted `<form>`. */
  name?: string;
  disabled?: boolean;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  className?: string;
}

type Status = 'idle' | 'loading' | 'ready' | 'error';

/**
 * Type to search, then pick one result (ARIA 1.2 combobox with a listbox popup): Down/Up move through results,
 * Enter chooses, Escape closes (and clears on a second press), Alt+Down opens. Results come from `loadOptions`,
 * debounced; loading, empty and error states are shown and announced. The ref is the `<input>`.
 */
export const Combobox = forwardRef<HTMLInputElement, ComboboxProps>(function Combobox(
  {
    label,
    hint,
    error,
    required,
    hideLabel,
    id,
    loadOptions,
    value,
    defaultValue = null,
    onValueChange,
    debounceMs = 250,
    minQueryLength = 1,
    placeholder,
    emptyMessage = 'No matches found.',
    loadingMessage = 'Searching…',
    errorMessage = 'Search failed. Please try again.',
    name,
    disabled,
    onBlur,
    className,
  },
  ref,
) {
  const [ownSelected, setOwnSelected] = useState<ComboboxOption | null>(defaultValue);
  const selected = value !== undefined ? value : ownSelected;
  const [query, setQuery] = useState(selected?.label ?? '');
  const [shownFor, setShownFor] = useState<ComboboxOption | null>(selected);
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<readonly ComboboxOption[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const controller = useRef<AbortController | undefined>(undefined);
  const listboxId = useId();
  const optionId = useCallback((index: number) => `${listboxId}-option-${index}`, [listboxId]);

  // A new controlled value from outside shows its label (render-time sync, no effect).
  if (selected !== shownFor) {
    setShownFor(selected);
    setQuery(selected?.label ?? '');
  }

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      controller.current?.abort();
    },
    [],
  );

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active, optionId]);

  const search = (text: string) => {
    clearTimeout(timer.current);
    controller.current?.abort();
    if (text.trim().length < minQueryLength) {
      setOpen(false);
      setStatus('idle');
      setOptions([]);
      return;
    }
    setOpen(true);
    setStatus('loading');
    setActive(-1);
    timer.current = setTimeout(() => {
      const current = new AbortController();
      controller.current = current;
      loadOptions(text.trim(), current.signal).then(
        (found) => {
          if (current.signal.aborted) return;
          setOptions(found);
          setStatus('ready');
        },
        () => {
          if (current.signal.aborted) return;
          setOptions([]);
          setStatus('error');
        },
      );
    }, debounceMs);
  };

  const choose = (option: ComboboxOption | null) => {
    setOwnSelected(option);
    setShownFor(option);
    setQuery(option?.label ?? '');
    setOpen(false);
    setActive(-1);
    onValueChange?.(option);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    setQuery(text);
    if (selected && text !== selected.label) {
      setOwnSelected(null);
      setShownFor(null);
      onValueChange?.(null);
    }
    search(text);
  };

  const move = (delta: 1 | -1) => {
    if (options.length === 0) return;
    let next = active >= 0 ? active : delta === 1 ? -1 : options.length;
    for (let i = 0; i < options.length; i += 1) {
      next = (next + delta + options.length) % options.length;
      if (!options[next]?.disabled) break;
    }
    setActive(next);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          if (options.length > 0 || status === 'error') setOpen(true);
          else search(query);
          if (event.altKey) return;
        }
        if (!event.altKey) move(1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!open && options.length > 0) setOpen(true);
        move(-1);
        return;
      case 'Enter': {
        const option = open && active >= 0 ? options[active] : undefined;
        if (option && !option.disabled) {
          event.preventDefault();
          choose(option);
        }
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (query) {
          event.preventDefault();
          clearTimeout(timer.current);
          controller.current?.abort();
          setStatus('idle');
          setOptions([]);
          choose(null);
        }
        return;
      case 'Tab':
        setOpen(false);
        return;
      default:
    }
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setOpen(false);
    setActive(-1);
    onBlur?.(event);
  };

  const message =
    status === 'loading'
      ? loadingMessage
      : status === 'error'
        ? errorMessage
        : status === 'ready' && options.length === 0
          ? emptyMessage
          : undefined;
  const announcement =
    status === 'ready' && options.length > 0
      ? `${options.length} result${options.length === 1 ? '' : 's'} available.`
      : (message ?? '');
  const listVisible = open && options.length > 0 && status === 'ready';

  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      required={required}
      hideLabel={hideLabel}
      id={id}
      className={className}
    >
      {(controlProps, ids) => (
        <div className={styles.wrapper} data-state={open ? 'open' : 'closed'}>
          <div
            className={control.control}
            data-invalid={controlProps['aria-invalid']}
            data-disabled={disabled || undefined}
          >
            <span className={control.adornment}>
              <Search aria-hidden="true" />
            </span>
            <input
              ref={ref}
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={listVisible}
              aria-controls={listboxId}
              aria-activedescendant={listVisible && active >= 0 ? optionId(active) : undefined}
              autoComplete="off"
              spellCheck={false}
              className={control.input}
              value={query}
              placeholder={placeholder}
              disabled={disabled}
              onChange={handleChange}
              onKeyDown={handleKeyDown}
              onBlur={handleBlur}
              {...controlProps}
            />
            {status === 'loading' && <InlineSpinner className={styles.spinner} />}
          </div>
          {open && message && (
            <p className={styles.popup} data-status={status}>
              {message}
            </p>
          )}
          <ul
            id={listboxId}
            role="listbox"
            aria-labelledby={ids.label}
            className={cx(styles.popup, styles.listbox)}
            hidden={!listVisible}
          >
            {options.map((option, index) => (
              // Keyboard use goes through the input (aria-activedescendant); the click is for pointers.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={selected?.value === option.value}
                aria-disabled={option.disabled || undefined}
                data-active={index === active || undefined}
                className={styles.option}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  if (!option.disabled) choose(option);
                }}
                onMouseMove={() => {
                  if (index !== active) setActive(index);
                }}
              >
                <span className={styles.optionLabel}>{option.label}</span>
                {option.description && <span className={styles.optionDescription}>{option.description}</span>}
              </li>
            ))}
          </ul>
          <VisuallyHidden role="status" aria-live="polite">
            {announcement}
          </VisuallyHidden>
          {name && <input type="hidden" name={name} value={selected?.value ?? ''} />}
        </div>
      )}
    </Field>
  );
});
