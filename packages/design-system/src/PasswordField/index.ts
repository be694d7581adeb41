export { PasswordField } from './PasswordField';
export type { PasswordFieldProps } from './PasswordField';
export { estimatePasswordStrength, MIN_PASSWORD_LENGTH } from './strength';
export type { PasswordStrength, PasswordStrengthLabel } from './strength';
