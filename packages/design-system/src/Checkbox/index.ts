export { Checkbox } from './Checkbox';
export type { CheckboxProps, CheckedState } from './Checkbox';
