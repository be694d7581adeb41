export { CountBadge } from './CountBadge';
export type { CountBadgeProps } from './CountBadge';
