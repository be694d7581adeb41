export { Pagination, pageCountOf } from './Pagination';
export type { PaginationProps } from './Pagination';
