import * as RadixToolbar from '@radix-ui/react-toolbar';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { cx } from '../Field/cx';
import styles from './Toolbar.module.css';

export interface ToolbarProps extends ComponentPropsWithoutRef<typeof RadixToolbar.Root> {
  /** Names the toolbar for screen readers, e.g. "Client list actions". */
  'aria-label': string;
}

/** A row of controls reached with one Tab stop; arrow keys move between them (Radix Toolbar). */
const ToolbarRoot = forwardRef<HTMLDivElement, ToolbarProps>(function Toolbar({ className, ...rest }, ref) {
  return <RadixToolbar.Root ref={ref} className={cx(styles.root, className)} {...rest} />;
});

export type ToolbarButtonProps = ComponentPropsWithoutRef<typeof RadixToolbar.Button>;
const ToolbarButton = forwardRef<HTMLButtonElement, ToolbarButtonProps>(function ToolbarButton(
  { className, type = 'button', ...rest },
  ref,
) {
  return <RadixToolbar.Button ref={ref} type={type} className={cx(styles.button, className)} {...rest} />;
});

export type ToolbarLinkProps = ComponentPropsWithoutRef<typeof RadixToolbar.Link>;
const ToolbarLink = forwardRef<HTMLAnchorElement, ToolbarLinkProps>(function ToolbarLink({ className, ...rest }, ref) {
  return <RadixToolbar.Link ref={ref} className={cx(styles.link, className)} {...rest} />;
});

export type ToolbarSeparatorProps = ComponentPropsWithoutRef<typeof RadixToolbar.Separator>;
const ToolbarSeparator = forwardRef<HTMLDivElement, ToolbarSeparatorProps>(function ToolbarSeparator(
  { className, ...rest },
  ref,
) {
  return <RadixToolbar.Separator ref={ref} className={cx(styles.separator, className)} {...rest} />;
});

export type ToolbarToggleGroupProps = ComponentPropsWithoutRef<typeof RadixToolbar.ToggleGroup>;
const ToolbarToggleGroup = forwardRef<HTMLDivElement, ToolbarToggleGroupProps>(function ToolbarToggleGroup(
  { className, ...rest },
  ref,
) {
  return <RadixToolbar.ToggleGroup ref={ref} className={cx(styles.toggleGroup, className)} {...rest} />;
});

export type ToolbarToggleItemProps = ComponentPropsWithoutRef<typeof RadixToolbar.ToggleItem>;
const ToolbarToggleItem = forwardRef<HTMLButtonElement, ToolbarToggleItemProps>(function ToolbarToggleItem(
  { className, ...rest },
  ref,
) {
  return <RadixToolbar.ToggleItem ref={ref} className={cx(styles.button, className)} {...rest} />;
});

/** A spacer that pushes the following items to the end of the toolbar. */
const ToolbarSpacer = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function ToolbarSpacer(
  { className, ...rest },
  ref,
) {
  return <div ref={ref} aria-hidden className={cx(styles.spacer, className)} {...rest} />;
});

export const Toolbar = Object.assign(ToolbarRoot, {
  Button: ToolbarButton,
  Link: ToolbarLink,
  Separator: ToolbarSeparator,
  ToggleGroup: ToolbarToggleGroup,
  ToggleItem: ToolbarToggleItem,
  Spacer: ToolbarSpacer,
});
