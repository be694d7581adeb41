import { Checkbox } from '@halcyon/design-system';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * "E-mail the client ...": a form's boolean field asking to tell the client of a change to their session (cancelled,
 * moved). The server sends it only when the client has an e-mail address (and, for a move, the session is to come).
 */
export function NotifyClientCheckbox<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox
          label={label}
          hint="Sent only when the client has an e-mail address."
          checked={field.value === true}
          onCheckedChange={(checked) => field.onChange(checked === true)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
