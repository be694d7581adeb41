import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import * as RadixAccordion from '@radix-ui/react-accordion';
import styles from './Accordion.module.css';
import { cx } from '../Field/cx';

export type AccordionRootProps = ComponentPropsWithoutRef<typeof RadixAccordion.Root>;

/**
 * Stacked sections that expand and collapse. `type="single"` (optionally `collapsible`) or `type="multiple"`;
 * uncontrolled with `defaultValue`, controlled with `value` + `onValueChange`.
 */
const Root = forwardRef<ComponentRef<typeof RadixAccordion.Root>, AccordionRootProps>(function AccordionRoot(
  { className, ...rest },
  ref,
) {
  return <RadixAccordion.Root ref={ref} className={cx(styles.root, className)} {...rest} />;
});

export type AccordionItemProps = ComponentPropsWithoutRef<typeof RadixAccordion.Item>;

/** One section; `value` identifies it. */
const Item = forwardRef<ComponentRef<typeof RadixAccordion.Item>, AccordionItemProps>(function AccordionItem(
  { className, ...rest },
  ref,
) {
  return <RadixAccordion.Item ref={ref} className={cx(styles.item, className)} {...rest} />;
});

export interface AccordionTriggerProps extends ComponentPropsWithoutRef<typeof RadixAccordion.Trigger> {
  /** Heading level of the section header (default 3). */
  level?: 2 | 3 | 4 | 5 | 6;
  children: ReactNode;
}

/** The section's heading button; Enter/Space toggle, arrow keys, Home and End move between headers. */
const Trigger = forwardRef<ComponentRef<typeof RadixAccordion.Trigger>, AccordionTriggerProps>(
  function AccordionTrigger({ className, level = 3, children, ...rest }, ref) {
    return (
      <RadixAccordion.Header className={styles.header} aria-level={level}>
        <RadixAccordion.Trigger ref={ref} className={cx(styles.trigger, className)} {...rest}>
          <span className={styles.label}>{children}</span>
          <ChevronDown aria-hidden className={styles.chevron} />
        </RadixAccordion.Trigger>
      </RadixAccordion.Header>
    );
  },
);

export type AccordionContentProps = ComponentPropsWithoutRef<typeof RadixAccordion.Content>;

/** The section body (role="region", labelled by its trigger). */
const Content = forwardRef<ComponentRef<typeof RadixAccordion.Content>, AccordionContentProps>(
  function AccordionContent({ className, children, ...rest }, ref) {
    return (
      <RadixAccordion.Content ref={ref} className={cx(styles.content, className)} {...rest}>
        <div className={styles.inner}>{children}</div>
      </RadixAccordion.Content>
    );
  },
);

/** Accordion on Radix Accordion: `Accordion.Root`, `Accordion.Item`, `Accordion.Trigger`, `Accordion.Content`. */
export const Accordion = { Root, Item, Trigger, Content };
