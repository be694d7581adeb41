import {
  createContext,
  forwardRef,
  useContext,
  useRef,
  type ComponentPropsWithoutRef,
  type ComponentRef,
  type MutableRefObject,
  type ReactNode,
} from 'react';
import { Check } from 'lucide-react';
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import styles from './DropdownMenu.module.css';
import { cx } from '../Field/cx';

/** The action an item queued for after the menu has closed (see `onSelectAfterClose`). */
const AfterClose = createContext<MutableRefObject<(() => void) | null> | null>(null);

export type DropdownMenuRootProps = ComponentPropsWithoutRef<typeof RadixMenu.Root>;

/**
 * Holds the open state: uncontrolled by default (`defaultOpen`), controlled with `open` + `onOpenChange`.
 *
 * Modals never open inside a menu: the menu closes first. Opening a Radix dialog while a modal menu is still mounted
 * leaves `pointer-events: none` on the body (radix-ui/primitives #1241). Open modals from an item's `onSelectAfterClose`,
 * which runs once the menu has closed and focus is back on the trigger (so the dialog returns focus there too).
 */
function Root(props: DropdownMenuRootProps) {
  const pending = useRef<(() => void) | null>(null);
  return (
    <AfterClose.Provider value={pending}>
      <RadixMenu.Root {...props} />
    </AfterClose.Provider>
  );
}

export type DropdownMenuTriggerProps = ComponentPropsWithoutRef<typeof RadixMenu.Trigger>;

/** Opens the menu on click, Enter, Space or ArrowDown; pass `asChild` to use your own button. */
const Trigger = forwardRef<ComponentRef<typeof RadixMenu.Trigger>, DropdownMenuTriggerProps>(
  function DropdownMenuTrigger(props, ref) {
    return <RadixMenu.Trigger ref={ref} {...props} />;
  },
);

export type DropdownMenuContentProps = ComponentPropsWithoutRef<typeof RadixMenu.Content>;

/** The menu (role="menu"): arrow keys, Home, End and typeahead move between items; Escape closes. */
const Content = forwardRef<ComponentRef<typeof RadixMenu.Content>, DropdownMenuContentProps>(
  function DropdownMenuContent({ className, sideOffset = 4, align = 'start', onCloseAutoFocus, ...rest }, ref) {
    const pendingRef = useContext(AfterClose);
    return (
      <RadixMenu.Portal>
        <RadixMenu.Content
          ref={ref}
          sideOffset={sideOffset}
          align={align}
          className={cx(styles.content, className)}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            const run = pendingRef?.current;
            if (pendingRef) pendingRef.current = null;
            // After Radix has restored focus and the body's pointer events.
            if (run) setTimeout(run, 0);
          }}
          {...rest}
        />
      </RadixMenu.Portal>
    );
  },
);

export interface DropdownMenuItemProps extends ComponentPropsWithoutRef<typeof RadixMenu.Item> {
  /** A leading icon (decorative). */
  icon?: ReactNode;
  /** A keyboard shortcut hint shown at the end (exposed as `aria-keyshortcuts`). */
  shortcut?: string;
  /** `danger` for destructive actions such as Delete. */
  variant?: 'default' | 'danger';
  /**
   * Runs after the menu has closed and focus is back on the trigger. Open modals here, never in `onSelect`
   * (radix-ui/primitives #1241).
   */
  onSelectAfterClose?: () => void;
}

/** One action (role="menuitem"). Enter, Space or a click selects it and closes the menu. */
const Item = forwardRef<ComponentRef<typeof RadixMenu.Item>, DropdownMenuItemProps>(function DropdownMenuItem(
  { className, icon, shortcut, variant = 'default', onSelect, onSelectAfterClose, children, ...rest },
  ref,
) {
  const pendingRef = useContext(AfterClose);
  return (
    <RadixMenu.Item
      ref={ref}
      data-variant={variant}
      aria-keyshortcuts={shortcut}
      className={cx(styles.item, className)}
      onSelect={(event) => {
        onSelect?.(event);
        if (!event.defaultPrevented && onSelectAfterClose && pendingRef) pendingRef.current = onSelectAfterClose;
      }}
      {...rest}
    >
      <span className={styles.icon} aria-hidden>
        {icon}
      </span>
      <span className={styles.text}>{children}</span>
      {shortcut && (
        <span className={styles.shortcut} aria-hidden>
          {shortcut}
        </span>
      )}
    </RadixMenu.Item>
  );
});

export type DropdownMenuCheckboxItemProps = ComponentPropsWithoutRef<typeof RadixMenu.CheckboxItem>;

/** A toggle (role="menuitemcheckbox"); `checked` + `onCheckedChange`. Pass `onSelect={e => e.preventDefault()}` to keep the menu open. */
const CheckboxItem = forwardRef<ComponentRef<typeof RadixMenu.CheckboxItem>, DropdownMenuCheckboxItemProps>(
  function DropdownMenuCheckboxItem({ className, children, ...rest }, ref) {
    return (
      <RadixMenu.CheckboxItem ref={ref} className={cx(styles.item, className)} {...rest}>
        <span className={styles.icon} aria-hidden>
          <RadixMenu.ItemIndicator>
            <Check className={styles.check} />
          </RadixMenu.ItemIndicator>
        </span>
        <span className={styles.text}>{children}</span>
      </RadixMenu.CheckboxItem>
    );
  },
);

export type DropdownMenuLabelProps = ComponentPropsWithoutRef<typeof RadixMenu.Label>;

/** A non-interactive heading for a group of items. */
const Label = forwardRef<ComponentRef<typeof RadixMenu.Label>, DropdownMenuLabelProps>(function DropdownMenuLabel(
  { className, ...rest },
  ref,
) {
  return <RadixMenu.Label ref={ref} className={cx(styles.label, className)} {...rest} />;
});

export type DropdownMenuSeparatorProps = ComponentPropsWithoutRef<typeof RadixMenu.Separator>;

/** A line between groups of items. */
const Separator = forwardRef<ComponentRef<typeof RadixMenu.Separator>, DropdownMenuSeparatorProps>(
  function DropdownMenuSeparator({ className, ...rest }, ref) {
    return <RadixMenu.Separator ref={ref} className={cx(styles.separator, className)} {...rest} />;
  },
);

/**
 * DropdownMenu on Radix: `DropdownMenu.Root`, `.Trigger`, `.Content`, `.Item`, `.CheckboxItem`, `.Label`, `.Separator`,
 * `.Group`. Modals never open inside a menu: use `Item`'s `onSelectAfterClose` (radix-ui/primitives #1241).
 */
export const DropdownMenu = {
  Root,
  Trigger,
  Content,
  Item,
  CheckboxItem,
  Label,
  Separator,
  Group: RadixMenu.Group,
};
