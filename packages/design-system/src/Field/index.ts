export { Field } from './Field';
export type { FieldProps, FieldRender } from './Field';
export { useField, splitFieldProps } from './useField';
export type { FieldControlProps, FieldIds, FieldOptions } from './useField';
