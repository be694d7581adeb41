import { forwardRef, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useControllableState } from '@radix-ui/react-use-controllable-state';
import styles from './Pagination.module.css';
import { cx } from '../Field/cx';

export interface PaginationProps extends Omit<HTMLAttributes<HTMLElement>, 'onChange'> {
  /** Controlled current page (1-based). */
  page?: number;
  /** Uncontrolled starting page; default 1. */
  defaultPage?: number;
  onPageChange?: (page: number) => void;
  /** Number of pages; or give `total` and `pageSize`. At least 1. */
  pageCount?: number;
  total?: number;
  pageSize?: number;
  /** Name of the navigation landmark; default "Pagination". */
  label?: string;
  /**
   * The count is a lower bound (a list that counts only so far past the page): "Page 1 of 40 or more", and the last
   * page is the last one counted so far.
   */
  atLeast?: boolean;
}

/** The number of pages for `total` items at `pageSize` per page (at least 1). */
export function pageCountOf(total: number, pageSize: number): number {
  if (!(total > 0) || !(pageSize > 0)) return 1;
  return Math.ceil(total / pageSize);
}

/**
 * First / previous / next / last buttons with "Page 3 of 12". Buttons at the ends are `aria-disabled` (they keep focus);
 * on any of them ArrowLeft/ArrowRight go back/forward one page and Home/End go to the first/last page.
 */
export const Pagination = forwardRef<HTMLElement, PaginationProps>(function Pagination(
  {
    page: pageProp,
    defaultPage = 1,
    onPageChange,
    pageCount: pageCountProp,
    total = 0,
    pageSize = 25,
    label = 'Pagination',
    atLeast = false,
    className,
    ...rest
  },
  ref,
) {
  const pageCount = Math.max(1, Math.floor(pageCountProp ?? pageCountOf(total, pageSize)));
  const [rawPage, setPage] = useControllableState({
    prop: pageProp,
    defaultProp: defaultPage,
    onChange: onPageChange,
    caller: 'Pagination',
  });
  const page = Math.min(Math.max(1, Math.floor(rawPage)), pageCount);
  const go = (target: number) => {
    const next = Math.min(Math.max(1, target), pageCount);
    if (next !== page) setPage(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const targets: Record<string, number> = { ArrowLeft: page - 1, ArrowRight: page + 1, Home: 1, End: pageCount };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    go(target);
  };
  const button = (name: string, target: number, disabled: boolean, icon: ReactNode) => (
    <button
      type="button"
      className={styles.button}
      aria-label={name}
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) go(target);
      }}
      onKeyDown={onKeyDown}
    >
      {icon}
    </button>
  );
  const atStart = page <= 1;
  const atEnd = page >= pageCount;
  return (
    <nav ref={ref} aria-label={label} className={cx(styles.root, className)} {...rest}>
      {button('First page', 1, atStart, <ChevronsLeft aria-hidden />)}
      {button('Previous page', page - 1, atStart, <ChevronLeft aria-hidden />)}
      <span className={styles.status} aria-live="polite" aria-atomic="true">
        Page {page} of {pageCount}
        {atLeast ? ' or more' : ''}
      </span>
      {button('Next page', page + 1, atEnd, <ChevronRight aria-hidden />)}
      {button(atLeast ? 'Last page counted' : 'Last page', pageCount, atEnd, <ChevronsRight aria-hidden />)}
    </nav>
  );
});
