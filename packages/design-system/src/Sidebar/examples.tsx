/** The SPEC.md §2 sidebar, shared by the Sidebar and AppShell stories. Not exported from the package. */
import {
  Bell,
  CalendarDays,
  Cloud,
  Eye,
  EyeOff,
  GraduationCap,
  LayoutDashboard,
  LifeBuoy,
  ListTodo,
  LogOut,
  MessageSquare,
  Receipt,
  Settings,
  Users,
} from 'lucide-react';
import { Sidebar } from './Sidebar';

export const settingsSections = [
  { heading: 'Account management', links: ['Profile-security', 'Practice', 'Subscription'] },
  { heading: 'Billing and payments', links: ['Services', 'Client-billing', 'Online-payments', 'Insurance'] },
  { heading: 'Scheduling', links: ['Appointments', 'Sync-external-calendar'] },
  { heading: 'Documents', links: ['Template-library'] },
];

export function ExampleEntries({ current = '/Dashboard' }: { current?: string }) {
  const main = [
    { href: '/Dashboard', label: 'Dashboard', icon: <LayoutDashboard aria-hidden /> },
    { href: '/Clients', label: 'Clients', icon: <Users aria-hidden /> },
    { href: '/Appointments', label: 'Appointments', icon: <CalendarDays aria-hidden />, count: 3 },
    { href: '/Task-Manager', label: 'Task-Manager', icon: <ListTodo aria-hidden /> },
    { href: '/Learning-development', label: 'Learning-development', icon: <GraduationCap aria-hidden /> },
    { href: '/Billing', label: 'Billing', icon: <Receipt aria-hidden /> },
    { href: '/Cloud-storage', label: 'Cloud-storage', icon: <Cloud aria-hidden /> },
    { href: '/Messages', label: 'Messages', icon: <MessageSquare aria-hidden />, count: 12 },
    { href: '/Need-help', label: 'Need-help', icon: <LifeBuoy aria-hidden /> },
  ];
  return (
    <>
      {main.map((entry) => (
        <Sidebar.Item key={entry.href} {...entry} active={current === entry.href} />
      ))}
      <Sidebar.Group label="Settings" icon={<Settings aria-hidden />} defaultOpen={current.startsWith('/Settings')}>
        {settingsSections.map((section) => (
          <Sidebar.Section key={section.heading} heading={section.heading}>
            {section.links.map((link) => (
              <Sidebar.Item
                key={link}
                href={`/Settings/${link}`}
                label={link}
                active={current === `/Settings/${link}`}
              />
            ))}
          </Sidebar.Section>
        ))}
      </Sidebar.Group>
    </>
  );
}

export interface ExampleFooterProps {
  notifications?: number;
  privacy?: boolean;
  onNotifications?: () => void;
  onPrivacy?: () => void;
  onSignOut?: () => void;
}

export function ExampleFooter({
  notifications = 0,
  privacy = false,
  onNotifications,
  onPrivacy,
  onSignOut,
}: ExampleFooterProps) {
  return (
    <>
      <Sidebar.Item label="Notifications" icon={<Bell aria-hidden />} count={notifications} onClick={onNotifications} />
      <Sidebar.Item
        label="Privacy"
        icon={privacy ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
        trailing={privacy ? 'On' : 'Off'}
        aria-pressed={privacy}
        onClick={onPrivacy}
      />
      <Sidebar.Item label="Sign out" icon={<LogOut aria-hidden />} onClick={onSignOut} />
    </>
  );
}
