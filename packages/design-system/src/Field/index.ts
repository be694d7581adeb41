export { Field } from './Field';
export { FieldRow } from './FieldRow';
export type { FieldRowProps } from './FieldRow';
export type { FieldProps, FieldRender } from './Field';
export { useField, splitFieldProps } from './useField';
export type { FieldControlProps, FieldIds, FieldOptions } from './useField';
