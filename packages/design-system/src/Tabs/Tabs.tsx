import { ChevronLeft, ChevronRight } from 'lucide-react';
import { forwardRef, useLayoutEffect, useRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';
import styles from './Tabs.module.css';
import { cx } from '../Field/cx';
import { mergeRefs } from '../Field/mergeRefs';
import { useOverflow } from '../internal/useOverflow';

export type TabsRootProps = ComponentPropsWithoutRef<typeof RadixTabs.Root>;

/**
 * Groups tab triggers with their panels. Uncontrolled with `defaultValue`, or controlled with `value` +
 * `onValueChange` (e.g. to keep the selected tab in the URL's search params).
 */
const Root = forwardRef<ComponentRef<typeof RadixTabs.Root>, TabsRootProps>(function TabsRoot(
  { className, activationMode = 'automatic', ...rest },
  ref,
) {
  return <RadixTabs.Root ref={ref} activationMode={activationMode} className={cx(styles.root, className)} {...rest} />;
});

export interface TabsListProps extends ComponentPropsWithoutRef<typeof RadixTabs.List> {
  /** Names the pointer-only buttons that scroll a row too long for its width (keyboard users move with the arrows). */
  scrollBackLabel?: string;
  scrollForwardLabel?: string;
}

/** Moves the row so that `tab` is fully in view, without scrolling the page. */
function revealTab(list: HTMLElement, tab: HTMLElement | null) {
  if (!tab) return;
  const start = tab.offsetLeft - list.offsetLeft;
  const end = start + tab.offsetWidth;
  if (start < list.scrollLeft) list.scrollLeft = start;
  else if (end > list.scrollLeft + list.clientWidth) list.scrollLeft = end - list.clientWidth;
}

/**
 * The row of triggers (role="tablist"); arrow keys, Home and End move between tabs. Give it an `aria-label`. The row
 * never wraps: when the tabs do not fit it scrolls sideways, with a button at each end that has more tabs, and the
 * selected tab is scrolled into view.
 */
const List = forwardRef<ComponentRef<typeof RadixTabs.List>, TabsListProps>(function TabsList(
  { className, scrollBackLabel = 'Show earlier tabs', scrollForwardLabel = 'Show more tabs', onFocus, ...rest },
  ref,
) {
  const listRef = useRef<HTMLDivElement>(null);
  const [overflow] = useOverflow(listRef);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) revealTab(list, list.querySelector<HTMLElement>('[role="tab"][data-state="active"]'));
  }, []);
  const scroll = (direction: -1 | 1) => {
    const list = listRef.current;
    if (!list) return;
    const rtl = getComputedStyle(list).direction === 'rtl' ? -1 : 1;
    list.scrollBy({ left: direction * rtl * list.clientWidth * 0.75, behavior: 'smooth' });
  };
  return (
    <div
      className={styles.listFrame}
      data-overflow-start={overflow.start || undefined}
      data-overflow-end={overflow.end || undefined}
    >
      <RadixTabs.List
        ref={mergeRefs(ref, listRef)}
        className={cx(styles.list, className)}
        onFocus={(event) => {
          if (listRef.current) revealTab(listRef.current, event.target);
          onFocus?.(event);
        }}
        {...rest}
      />
      {overflow.start && (
        <button
          type="button"
          className={styles.scrollButton}
          data-side="start"
          tabIndex={-1}
          aria-label={scrollBackLabel}
          aria-hidden
          onClick={() => scroll(-1)}
        >
          <ChevronLeft aria-hidden className={styles.scrollIcon} />
        </button>
      )}
      {overflow.end && (
        <button
          type="button"
          className={styles.scrollButton}
          data-side="end"
          tabIndex={-1}
          aria-label={scrollForwardLabel}
          aria-hidden
          onClick={() => scroll(1)}
        >
          <ChevronRight aria-hidden className={styles.scrollIcon} />
        </button>
      )}
    </div>
  );
});

export type TabsTriggerProps = ComponentPropsWithoutRef<typeof RadixTabs.Trigger>;

/** One tab (role="tab"); `value` ties it to its `Tabs.Content`. */
const Trigger = forwardRef<ComponentRef<typeof RadixTabs.Trigger>, TabsTriggerProps>(function TabsTrigger(
  { className, ...rest },
  ref,
) {
  return <RadixTabs.Trigger ref={ref} className={cx(styles.trigger, className)} {...rest} />;
});

export type TabsContentProps = ComponentPropsWithoutRef<typeof RadixTabs.Content>;

/** The panel (role="tabpanel") shown while its tab is selected. */
const Content = forwardRef<ComponentRef<typeof RadixTabs.Content>, TabsContentProps>(function TabsContent(
  { className, ...rest },
  ref,
) {
  return <RadixTabs.Content ref={ref} className={cx(styles.content, className)} {...rest} />;
});

/** Tabs on Radix Tabs: `Tabs.Root`, `Tabs.List`, `Tabs.Trigger`, `Tabs.Content`. */
export const Tabs = { Root, List, Trigger, Content };
