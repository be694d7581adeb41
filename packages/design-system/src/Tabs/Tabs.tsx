import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';
import styles from './Tabs.module.css';
import { cx } from '../Field/cx';

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

export type TabsListProps = ComponentPropsWithoutRef<typeof RadixTabs.List>;

/** The row of triggers (role="tablist"); arrow keys, Home and End move between tabs. Give it an `aria-label`. */
const List = forwardRef<ComponentRef<typeof RadixTabs.List>, TabsListProps>(function TabsList(
  { className, ...rest },
  ref,
) {
  return <RadixTabs.List ref={ref} className={cx(styles.list, className)} {...rest} />;
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
