import { forwardRef, useRef, useState, type KeyboardEvent } from 'react';
import { Check, ChevronDown } from 'lucide-react';
import * as RadixSelect from '@radix-ui/react-select';
import { Field } from '../Field/Field';
import { cx } from '../Field/cx';
import type { FieldOptions } from '../Field/useField';
import control from '../Field/control.module.css';
import styles from './Select.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends FieldOptions {
  options: readonly SelectOption[];
  /** Shown while nothing is chosen, e.g. "Choose a service". */
  placeholder?: string;
  /** Controlled value; `''` shows the placeholder. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** With `name`, a hidden native select carries the value in a submitted `<form>`. */
  name?: string;
  disabled?: boolean;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** For react-hook-form's `Controller`: `onBlur={field.onBlur}`. */
  onBlur?: () => void;
  className?: string;
}

/** How long typed letters add up to one search on a closed select, as Radix (and a native select) do it. */
const TYPEAHEAD_RESET_MS = 1000;

/**
 * Typing on the closed trigger chooses the next option whose label starts with what was typed (a letter repeated moves
 * on to the next option with that letter), as a native select does: Radix does this from the rendered options, which a
 * closed Select here does not render.
 */
function useClosedTypeahead(
  options: readonly SelectOption[],
  current: string | undefined,
  choose: (value: string) => void,
) {
  const search = useRef({ text: '', at: 0 });
  return (event: KeyboardEvent<HTMLButtonElement>) => {
    const typing = event.timeStamp - search.current.at < TYPEAHEAD_RESET_MS && search.current.text !== '';
    if (event.ctrlKey || event.altKey || event.metaKey || event.key.length !== 1 || (event.key === ' ' && !typing))
      return;
    // A space while typing is part of the search, not "open" (Radix's trigger opens on it otherwise).
    event.preventDefault();
    const text = (typing ? search.current.text : '') + event.key.toLowerCase();
    search.current = { text, at: event.timeStamp };
    const repeated = text.length > 1 && [...text].every((letter) => letter === text[0]);
    const enabled = options.filter((option) => !option.disabled);
    const start = enabled.findIndex((option) => option.value === current);
    // A longer search the chosen option still matches keeps it; otherwise the search starts after it and wraps round.
    if (!repeated && text.length > 1 && enabled[start]?.label.toLowerCase().startsWith(text)) return;
    const wanted = repeated ? text[0]! : text;
    const match = [...enabled.slice(start + 1), ...enabled.slice(0, start + 1)].find((option) =>
      option.label.toLowerCase().startsWith(wanted),
    );
    if (match && match.value !== current) choose(match.value);
  };
}

/**
 * A single choice from a short list (up to ~15 options; use Combobox to search longer ones), on Radix Select.
 * The ref is the trigger button. With react-hook-form use `Controller` (`value` / `onValueChange` / `onBlur`).
 *
 * The options are rendered only while the list is open (the trigger shows the chosen option's label itself): closed,
 * Radix would render every option of every select on the page into a detached fragment, and a table with a status select
 * per row (25 rows of /Clients) spent a quarter of its render on options nobody had opened. With `name`, the options
 * stay rendered, as the hidden native select of a submitted `<form>` takes its options from them.
 */
export const Select = forwardRef<HTMLButtonElement, SelectProps>(function Select(
  {
    label,
    hint,
    error,
    required,
    hideLabel,
    id,
    options,
    placeholder = 'Choose…',
    value,
    defaultValue,
    onValueChange,
    name,
    disabled,
    open,
    defaultOpen,
    onOpenChange,
    onBlur,
    className,
  },
  ref,
) {
  const [innerOpen, setInnerOpen] = useState(defaultOpen ?? false);
  const [innerValue, setInnerValue] = useState(defaultValue);
  const isOpen = open ?? innerOpen;
  const current = value ?? innerValue;
  const chosen = options.find((option) => option.value === current);
  const choose = (next: string) => {
    setInnerValue(next);
    onValueChange?.(next);
  };
  const typeahead = useClosedTypeahead(options, current, choose);
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
      {(controlProps) => (
        <RadixSelect.Root
          value={current ?? ''}
          onValueChange={choose}
          name={name}
          disabled={disabled}
          // The trigger is marked required by the Field (aria-required); the hidden native select is required only when
          // it carries the value in a submitted form (`name`), the one case it has its options to be valid with.
          required={name === undefined ? undefined : required}
          open={isOpen}
          onOpenChange={(next) => {
            setInnerOpen(next);
            onOpenChange?.(next);
          }}
        >
          <RadixSelect.Trigger
            ref={ref}
            className={cx(control.control, styles.trigger)}
            data-invalid={controlProps['aria-invalid']}
            data-disabled={disabled || undefined}
            onBlur={onBlur}
            onKeyDown={isOpen ? undefined : typeahead}
            {...controlProps}
          >
            <span className={styles.value}>
              <RadixSelect.Value placeholder={placeholder}>{chosen?.label}</RadixSelect.Value>
            </span>
            <RadixSelect.Icon className={control.adornment}>
              <ChevronDown aria-hidden="true" />
            </RadixSelect.Icon>
          </RadixSelect.Trigger>
          <RadixSelect.Portal>
            <RadixSelect.Content className={styles.content} position="popper" sideOffset={4}>
              <RadixSelect.Viewport className={styles.viewport}>
                {(isOpen || name !== undefined) &&
                  options.map((option) => (
                    <RadixSelect.Item
                      key={option.value}
                      value={option.value}
                      disabled={option.disabled}
                      className={styles.item}
                    >
                      <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                      <RadixSelect.ItemIndicator className={styles.indicator}>
                        <Check aria-hidden="true" />
                      </RadixSelect.ItemIndicator>
                    </RadixSelect.Item>
                  ))}
              </RadixSelect.Viewport>
            </RadixSelect.Content>
          </RadixSelect.Portal>
        </RadixSelect.Root>
      )}
    </Field>
  );
});
