export { PageHeader } from './PageHeader';
export type { Breadcrumb, PageHeaderProps } from './PageHeader';
