export { Sensitive } from './Sensitive';
export type { SensitiveProps } from './Sensitive';
export { PRIVACY_DESCRIPTION, PrivacyProvider, usePrivacy } from './PrivacyProvider';
export type { PrivacyApi, PrivacyProviderProps } from './PrivacyProvider';
