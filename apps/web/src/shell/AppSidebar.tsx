import type { Role } from '@halcyon/api/contract';
import { Sidebar } from '@halcyon/design-system';
import { useLocation } from 'react-router-dom';
import { canOpen } from '../app/access';
import { Bell, Eye, EyeOff, LogOut, Settings } from '../app/icons';
import { renderRouterLink } from '../app/renderRouterLink';
import { isCurrent, NAV_ENTRIES, SETTINGS_SECTIONS } from './navigation';
import type { ShellCounts } from './useCounts';

export interface AppSidebarProps {
  role: Role;
  counts: ShellCounts;
  privacy: boolean;
  onPrivacyChange: (enabled: boolean) => void;
  onNotifications: () => void;
  onSignOut: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
  /** Narrow screens: the sidebar floats over the page. */
  overlay: boolean;
  practiceName?: string | undefined;
}

/**
 * The primary sidebar (SPEC.md §2): every entry in order with its icon, count badges, entries the role may not open
 * left out, Notifications (opens the panel), Privacy On/Off, Sign out, and the Settings group with its subgroups.
 */
export function AppSidebar({
  role,
  counts,
  privacy,
  onPrivacyChange,
  onNotifications,
  onSignOut,
  open,
  onOpenChange,
  collapsed,
  onCollapsedChange,
  overlay,
  practiceName,
}: AppSidebarProps) {
  const { pathname } = useLocation();
  const showSettings = canOpen('/Settings', role);

  return (
    <Sidebar
      aria-label="Main"
      header={practiceName ?? 'Halcyon'}
      open={open}
      onOpenChange={onOpenChange}
      collapsed={collapsed}
      onCollapsedChange={onCollapsedChange}
      overlay={overlay}
      renderLink={renderRouterLink}
      footer={
        <>
          <Sidebar.Item label="Notifications" icon={<Bell />} count={counts.notifications} onClick={onNotifications} />
          <Sidebar.Item
            label="Privacy"
            icon={privacy ? <EyeOff /> : <Eye />}
            trailing={privacy ? 'On' : 'Off'}
            aria-pressed={privacy}
            onClick={() => onPrivacyChange(!privacy)}
          />
          <Sidebar.Item label="Sign out" icon={<LogOut />} onClick={onSignOut} />
          {showSettings && (
            <Sidebar.Group label="Settings" icon={<Settings />} defaultOpen={isCurrent(pathname, '/Settings')}>
              {SETTINGS_SECTIONS.map((section) => (
                <Sidebar.Section key={section.heading} heading={section.heading}>
                  {section.links.map((link) => {
                    const href = `/Settings/${link}`;
                    return <Sidebar.Item key={link} href={href} label={link} active={isCurrent(pathname, href)} />;
                  })}
                </Sidebar.Section>
              ))}
            </Sidebar.Group>
          )}
        </>
      }
    >
      {NAV_ENTRIES.filter((entry) => canOpen(entry.href, role)).map((entry) => {
        const Icon = entry.icon;
        return (
          <Sidebar.Item
            key={entry.href}
            href={entry.href}
            label={entry.label}
            icon={<Icon />}
            active={isCurrent(pathname, entry.href)}
            {...(entry.count ? { count: counts[entry.count] } : {})}
          />
        );
      })}
    </Sidebar>
  );
}
