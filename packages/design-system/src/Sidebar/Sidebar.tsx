import { ChevronDown, ChevronsLeft, ChevronsRight, X } from 'lucide-react';
import * as RadixCollapsible from '@radix-ui/react-collapsible';
import * as FocusScope from '@radix-ui/react-focus-scope';
import { useControllableState } from '@radix-ui/react-use-controllable-state';
import { VisuallyHidden } from '../VisuallyHidden';
import {
  createContext,
  forwardRef,
  useContext,
  useLayoutEffect,
  useState,
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  type ButtonHTMLAttributes,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from 'react';
import { initialsOf } from '../Avatar';
import { CountBadge } from '../CountBadge';
import type { Tooltip as TooltipType } from '../Tooltip';
import { defaultRenderLink, type RenderLink } from './renderLink';
import { cx } from '../Field/cx';
import { mergeRefs } from '../Field/mergeRefs';
import styles from './Sidebar.module.css';

type TooltipComponent = typeof TooltipType;

let loadedTooltip: TooltipComponent | null = null;
/**
 * A collapsed sidebar names its entries in tooltips. Radix Tooltip and its positioning engine are about 13 KB gzip, and
 * an expanded sidebar needs none of it: they load when the sidebar is first shown collapsed (until then a collapsed
 * entry shows without its tooltip). Each tooltip keeps its own open delay.
 */
async function loadTooltip(): Promise<TooltipComponent> {
  loadedTooltip ??= (await import('../Tooltip')).Tooltip;
  return loadedTooltip;
}

/** The position of the focused control among the panel's focusable ones (-1: focus is elsewhere). */
function focusedIndexIn(panel: HTMLElement | null): number {
  if (!panel || !panel.contains(document.activeElement)) return -1;
  return Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).indexOf(document.activeElement as HTMLElement);
}
const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The tooltip component once its code has loaded for a collapsed sidebar. Wrapping the entries in tooltips mounts them
 * anew, so whichever of the panel's controls had focus gets it back.
 */
function useCollapsedTooltip(collapsed: boolean, panelRef: RefObject<HTMLElement | null>): TooltipComponent | null {
  const [tooltip, setTooltip] = useState<TooltipComponent | null>(() => loadedTooltip);
  const refocus = useRef(-1);
  useEffect(() => {
    if (!collapsed || tooltip) return;
    let live = true;
    void loadTooltip().then((loaded) => {
      if (!live) return;
      refocus.current = focusedIndexIn(panelRef.current);
      setTooltip(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [collapsed, tooltip, panelRef]);
  useLayoutEffect(() => {
    if (refocus.current < 0) return;
    panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE)[refocus.current]?.focus();
    refocus.current = -1;
  }, [tooltip, panelRef]);
  return collapsed ? tooltip : null;
}

/** `children` with `label` in a tooltip to its right, in a collapsed sidebar whose tooltips have loaded. */
function CollapsedTooltip({ label, children }: { label: string; children: ReactElement }) {
  const { tooltip: Tooltip } = useSidebar('Item');
  if (!Tooltip) return children;
  return (
    <Tooltip content={label} side="right">
      {children}
    </Tooltip>
  );
}

interface SidebarContextValue {
  collapsed: boolean;
  setCollapsed: (collapsed: boolean) => void;
  renderLink: RenderLink;
  /** Called after a link entry is chosen (closes an overlaying sidebar). */
  onNavigate: () => void;
  /** Collapsed, with its tooltips' code loaded: the tooltip naming each entry. */
  tooltip: TooltipComponent | null;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

function useSidebar(part: string): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error(`Sidebar.${part} must be rendered inside <Sidebar>.`);
  return context;
}

export interface SidebarProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** The entries: `Sidebar.Item`s and `Sidebar.Group`s. */
  children: ReactNode;
  /** Entries pinned to the bottom (Notifications, Privacy, Sign out). */
  footer?: ReactNode;
  /**
   * The practice logo or name, above the entries. A name given as text wraps instead of being cut, and a collapsed
   * sidebar shows its initials with the whole name in a tooltip.
   */
  header?: ReactNode;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Icons only, with the labels in tooltips. */
  collapsed?: boolean;
  defaultCollapsed?: boolean;
  onCollapsedChange?: (collapsed: boolean) => void;
  /** Narrow screens: the sidebar floats over the page with a backdrop; Escape, the backdrop and links close it. */
  overlay?: boolean;
  /** Renders link entries through the app's router. */
  renderLink?: RenderLink;
  /** Names the navigation landmark. */
  'aria-label'?: string;
  collapseLabel?: string;
  expandLabel?: string;
  closeLabel?: string;
}

const SidebarRoot = forwardRef<HTMLElement, SidebarProps>(function Sidebar(
  {
    children,
    footer,
    header,
    open: openProp,
    defaultOpen = true,
    onOpenChange,
    collapsed: collapsedProp,
    defaultCollapsed = false,
    onCollapsedChange,
    overlay = false,
    renderLink = defaultRenderLink,
    'aria-label': ariaLabel = 'Main',
    collapseLabel = 'Collapse sidebar',
    expandLabel = 'Expand sidebar',
    closeLabel = 'Close menu',
    className,
    ...rest
  },
  ref,
) {
  const [open, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen,
    onChange: onOpenChange,
    caller: 'Sidebar',
  });
  const [collapsedState, setCollapsed] = useControllableState({
    prop: collapsedProp,
    defaultProp: defaultCollapsed,
    onChange: onCollapsedChange,
    caller: 'Sidebar',
  });
  // An overlaying sidebar always shows its labels.
  const collapsed = collapsedState && !overlay;
  const panelRef = useRef<HTMLElement>(null);
  const overlayOpen = overlay && open;

  const close = useEffectEvent(() => setOpen(false));
  // Overlay: move focus in when it opens, close on Escape, give focus back when it closes.
  useEffect(() => {
    if (!overlayOpen) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (previous?.isConnected) previous.focus();
    };
  }, [overlayOpen]);

  const tooltip = useCollapsedTooltip(collapsed, panelRef);
  const context: SidebarContextValue = {
    collapsed,
    tooltip,
    setCollapsed,
    renderLink,
    onNavigate: () => {
      if (overlay) setOpen(false);
    },
  };

  return (
    <SidebarContext.Provider value={context}>
      {overlayOpen && <div className={styles.backdrop} aria-hidden onClick={() => setOpen(false)} />}
      {/* Traps and loops Tab inside only while overlaying the page (a modal); docked, Tab leaves the sidebar for the top
            bar and the page (WCAG 2.1.2). Focus moves in and back out in the effect above. */}
      <FocusScope.Root
        asChild
        loop={overlayOpen}
        trapped={overlayOpen}
        onMountAutoFocus={(event) => event.preventDefault()}
        onUnmountAutoFocus={(event) => event.preventDefault()}
      >
        {/* The whole panel is the navigation landmark: the practice's name and the collapse toggle belong to it, so no
              content of the page sits outside a landmark (axe "region"). */}
        <nav
          ref={mergeRefs(ref, panelRef)}
          aria-label={ariaLabel}
          className={cx(styles.panel, className)}
          {...rest}
          hidden={!open}
          data-state={open ? 'open' : 'closed'}
          data-collapsed={collapsed ? 'true' : 'false'}
          data-layout={overlay ? 'overlay' : 'docked'}
        >
          {(header || overlay) && (
            <div className={styles.header}>
              <div className={styles.brand}>
                {collapsed && typeof header === 'string' ? <CollapsedBrand name={header} /> : header}
              </div>
              {overlay && (
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={closeLabel}
                  onClick={() => setOpen(false)}
                >
                  <X aria-hidden className={styles.icon} />
                </button>
              )}
            </div>
          )}
          <div className={styles.nav}>
            <ul className={styles.list}>{children}</ul>
            {footer && <ul className={cx(styles.list, styles.footer)}>{footer}</ul>}
          </div>
          {!overlay && (
            <div className={styles.toggleRow}>
              <button
                type="button"
                className={styles.iconButton}
                aria-label={collapsed ? expandLabel : collapseLabel}
                onClick={() => setCollapsed(!collapsed)}
              >
                {collapsed ? (
                  <ChevronsRight aria-hidden className={styles.icon} />
                ) : (
                  <ChevronsLeft aria-hidden className={styles.icon} />
                )}
              </button>
            </div>
          )}
        </nav>
      </FocusScope.Root>
    </SidebarContext.Provider>
  );
});

const defaultCountLabel = (count: number) => `${count} new`;

/** A collapsed sidebar's header: the name's initials, named for screen readers, with the whole name in a tooltip. */
function CollapsedBrand({ name }: { name: string }) {
  return (
    <CollapsedTooltip label={name}>
      <span className={styles.initials} role="img" aria-label={name}>
        {initialsOf(name)}
      </span>
    </CollapsedTooltip>
  );
}

/** Wraps a collapsed entry in a tooltip naming it. */
function WithTooltip({ label, collapsed, children }: { label: string; collapsed: boolean; children: ReactElement }) {
  return collapsed ? <CollapsedTooltip label={label}>{children}</CollapsedTooltip> : children;
}

export interface SidebarItemProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  label: string;
  /** A lucide icon element (decorative; the label names the entry). */
  icon?: ReactNode;
  /** Makes the entry a link, rendered through the sidebar's `renderLink`. Without it the entry is a button. */
  href?: string;
  /** The current page: marked with `aria-current="page"`. */
  active?: boolean;
  /** A count badge (e.g. new messages); rendered whenever a number is given, 0 included (SPEC.md §9). */
  count?: number;
  /** What screen readers hear after the label for the count (default "3 new"). */
  countLabel?: (count: number) => string;
  /** Text or an indicator at the end of the entry, e.g. "On" / "Off" for Privacy. */
  trailing?: ReactNode;
}

/** One entry: a link (with `href`) or a button (Notifications, Privacy, Sign out). The ref points at its `<li>`. */
const SidebarItem = forwardRef<HTMLLIElement, SidebarItemProps>(function SidebarItem(
  { label, icon, href, active = false, count, countLabel = defaultCountLabel, trailing, className, onClick, ...rest },
  ref,
) {
  const { collapsed, renderLink, onNavigate } = useSidebar('Item');
  const content = (
    <>
      <span className={styles.iconSlot}>{icon}</span>
      {collapsed ? <VisuallyHidden>{label}</VisuallyHidden> : <span className={styles.label}>{label}</span>}
      {count !== undefined && ' '}
      {count !== undefined && (
        <CountBadge
          count={count}
          label={countLabel}
          className={styles.count}
          data-collapsed={collapsed ? 'true' : 'false'}
        />
      )}
      {trailing !== undefined && ' '}
      {trailing !== undefined &&
        (collapsed ? <VisuallyHidden>{trailing}</VisuallyHidden> : <span className={styles.trailing}>{trailing}</span>)}
    </>
  );
  const entryClass = cx(styles.entry, className);
  const element = href ? (
    renderLink({
      href,
      className: entryClass,
      children: content,
      'aria-current': active ? 'page' : undefined,
      'data-state': active ? 'active' : 'inactive',
      onClick: onNavigate,
    })
  ) : (
    <button
      type="button"
      className={entryClass}
      data-state={active ? 'active' : 'inactive'}
      onClick={onClick}
      {...rest}
    >
      {content}
    </button>
  );
  return (
    <li ref={ref} className={styles.item}>
      <WithTooltip label={label} collapsed={collapsed}>
        {element}
      </WithTooltip>
    </li>
  );
});

export interface SidebarGroupProps extends Omit<HTMLAttributes<HTMLLIElement>, 'children'> {
  label: string;
  icon?: ReactNode;
  /** `Sidebar.Section`s or `Sidebar.Item`s. */
  children: ReactNode;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** A collapsible group of entries (Settings). In a collapsed sidebar its button expands the sidebar first. */
const SidebarGroup = forwardRef<HTMLLIElement, SidebarGroupProps>(function SidebarGroup(
  { label, icon, children, open: openProp, defaultOpen = false, onOpenChange, className, ...rest },
  ref,
) {
  const { collapsed, setCollapsed } = useSidebar('Group');
  const [open, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen,
    onChange: onOpenChange,
    caller: 'Sidebar.Group',
  });
  const expanded = open && !collapsed;
  return (
    <li ref={ref} className={cx(styles.item, className)} {...rest}>
      <RadixCollapsible.Root
        open={expanded}
        onOpenChange={(next) => {
          if (collapsed) {
            setCollapsed(false);
            setOpen(true);
          } else setOpen(next);
        }}
      >
        <WithTooltip label={label} collapsed={collapsed}>
          <RadixCollapsible.Trigger className={styles.entry}>
            <span className={styles.iconSlot}>{icon}</span>
            {collapsed ? (
              <VisuallyHidden>{label}</VisuallyHidden>
            ) : (
              <>
                <span className={styles.label}>{label}</span>
                <ChevronDown aria-hidden className={styles.chevron} />
              </>
            )}
          </RadixCollapsible.Trigger>
        </WithTooltip>
        <RadixCollapsible.Content className={styles.groupContent}>
          <ul className={styles.list}>{children}</ul>
        </RadixCollapsible.Content>
      </RadixCollapsible.Root>
    </li>
  );
});

export interface SidebarSectionProps extends Omit<HTMLAttributes<HTMLLIElement>, 'children'> {
  /** The sub-heading, e.g. "Account management". */
  heading: string;
  children: ReactNode;
}

/** A headed sub-list inside a group; the heading names the list. */
const SidebarSection = forwardRef<HTMLLIElement, SidebarSectionProps>(function SidebarSection(
  { heading, children, className, ...rest },
  ref,
) {
  const id = useId();
  return (
    <li ref={ref} className={cx(styles.section, className)} {...rest}>
      <span id={id} className={styles.sectionHeading}>
        {heading}
      </span>
      <ul className={styles.list} aria-labelledby={id}>
        {children}
      </ul>
    </li>
  );
});

export const Sidebar = Object.assign(SidebarRoot, {
  Item: SidebarItem,
  Group: SidebarGroup,
  Section: SidebarSection,
});
