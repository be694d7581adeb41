import { useCallback } from 'react';
import {
  useFieldArray,
  type FieldArray,
  type FieldArrayPath,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFieldArrayProps,
  type UseFieldArrayReturn,
  type UseFormReturn,
} from 'react-hook-form';

export type FieldListReturn<T extends FieldValues, N extends FieldArrayPath<T>, K extends string> = Omit<
  UseFieldArrayReturn<T, N, K>,
  'append'
> & {
  /** Adds items at the end without checking the list; the first field of the first one takes the focus. */
  append: (value: FieldArray<T, N> | FieldArray<T, N>[]) => void;
};

/**
 * `useFieldArray` for a modal's lists (invoice lines, goals, objectives, questions, weekly hours...), whose `append`
 * adds without checking the whole list: react-hook-form checks a list after an append (in the onTouched mode every form
 * here uses), which flagged a new, empty item ("Describe the line.") before a word was typed in it. The new item's
 * fields are checked once left, as any other field; its first field takes the focus, as with `append`.
 */
export function useFieldList<
  T extends FieldValues,
  O extends FieldValues,
  N extends FieldArrayPath<T>,
  K extends string = 'id',
>(
  form: UseFormReturn<T, unknown, O>,
  props: Omit<UseFieldArrayProps<T, N, K, O>, 'control'>,
): FieldListReturn<T, N, K> {
  const list = useFieldArray<T, N, K, O>({ ...props, control: form.control });
  const { name } = props;
  const append = useCallback(
    (value: FieldArray<T, N> | FieldArray<T, N>[]) => {
      const path = name as unknown as Path<T>;
      const current = (form.getValues(path) as FieldArray<T, N>[] | undefined) ?? [];
      const added = Array.isArray(value) ? value : [value];
      form.setValue(path, [...current, ...added] as PathValue<T, Path<T>>, { shouldDirty: true });
      const first = `${name}.${current.length}.`;
      requestAnimationFrame(() => {
        document.querySelector<HTMLElement>(`[name^="${CSS.escape(first)}"]`)?.focus();
      });
    },
    [form, name],
  );
  return { ...list, append };
}
