export { Card } from './Card';
export type { CardProps, CardTitleProps } from './Card';
