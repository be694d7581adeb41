import { Select, type SelectProps } from '@halcyon/design-system';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { errorMessageAt } from './fields';

export type SelectFieldProps<Input extends FieldValues, Output> = Omit<
  SelectProps,
  'name' | 'value' | 'defaultValue' | 'onValueChange' | 'onBlur' | 'error'
> & {
  /** The form's `control` (`useModalForm(...).form.control`). */
  control: Control<Input, unknown, Output>;
  /** The form field holding the chosen value. */
  name: FieldPath<Input>;
};

/**
 * A design-system Select bound to a form field: its value, its change and blur, and the field's message (as
 * `errorOf` gives it).
 */
export function SelectField<Input extends FieldValues, Output>({
  control,
  name,
  ...select
}: SelectFieldProps<Input, Output>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, formState }) => (
        <Select
          {...select}
          value={typeof field.value === 'string' ? field.value : ''}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          error={errorMessageAt(formState.errors, name)}
        />
      )}
    />
  );
}
