import { useId, type ReactNode } from 'react';

/** The element ids a field wires together. */
export interface FieldIds {
  control: string;
  label: string;
  hint: string;
  error: string;
}

/** What a field passes to its control: spread these on the input (or Radix trigger). */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-errormessage'?: string;
  'aria-required'?: true;
}

/** The label / hint / error API every input shares. */
export interface FieldOptions {
  /** The visible label. Required: every input has a name. */
  label: ReactNode;
  /** Help shown under the label, read after the label by screen readers. */
  hint?: ReactNode;
  /** What to fix, e.g. "Enter a date after the start date." Marks the control invalid. */
  error?: ReactNode;
  /** Shows a required marker and sets aria-required. */
  required?: boolean;
  /** Hides the label visually (it is still the accessible name). Use only where the purpose is obvious. */
  hideLabel?: boolean;
  /** The control's id; one is generated when omitted. */
  id?: string;
}

/** Splits the shared field options off a component's props: `const [field, rest] = splitFieldProps(props)`. */
export function splitFieldProps<P extends FieldOptions>(props: P): [FieldOptions, Omit<P, keyof FieldOptions>] {
  const { label, hint, error, required, hideLabel, id, ...rest } = props;
  return [{ label, hint, error, required, hideLabel, id }, rest];
}

const hasContent = (node: ReactNode) => node !== undefined && node !== null && node !== false && node !== '';

/** Ids and control props for a field; `describedBy` adds more ids (e.g. a character count). */
export function useField(
  { id, hint, error, required }: Pick<FieldOptions, 'id' | 'hint' | 'error' | 'required'>,
  describedBy?: string,
): { ids: FieldIds; controlProps: FieldControlProps; hasHint: boolean; hasError: boolean } {
  const auto = useId();
  const control = id ?? `hds-field-${auto}`;
  const ids: FieldIds = { control, label: `${control}-label`, hint: `${control}-hint`, error: `${control}-error` };
  const hasHint = hasContent(hint);
  const hasError = hasContent(error);
  const described = [hasError && ids.error, hasHint && ids.hint, describedBy].filter(Boolean).join(' ');
  const controlProps: FieldControlProps = { id: control };
  if (described) controlProps['aria-describedby'] = described;
  if (hasError) {
    controlProps['aria-invalid'] = true;
    controlProps['aria-errormessage'] = ids.error;
  }
  if (required) controlProps['aria-required'] = true;
  return { ids, controlProps, hasHint, hasError };
}
