import type { ComponentType } from 'react';
import {
  Cloud,
  GraduationCap,
  LayoutDashboard,
  LifeBuoy,
  ListTodo,
  MessageSquare,
  Receipt,
  Users,
  CalendarDays,
} from '../app/icons';
import type { ShellCounts } from './useCounts';

export interface NavEntry {
  href: string;
  label: string;
  icon: ComponentType<{ className?: string }>;
  count?: keyof ShellCounts;
}

/** SPEC.md §2 sidebar entries that are routes, in order, with the paths as the sidebar writes them. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { href: '/Dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/Clients', label: 'Clients', icon: Users },
  { href: '/Appointments', label: 'Appointments', icon: CalendarDays, count: 'appointments' },
  { href: '/Task-Manager', label: 'Task-Manager', icon: ListTodo },
  { href: '/Learning-development', label: 'Learning-development', icon: GraduationCap },
  { href: '/Billing', label: 'Billing', icon: Receipt },
  { href: '/Cloud-storage', label: 'Cloud-storage', icon: Cloud },
  { href: '/Messages', label: 'Messages', icon: MessageSquare, count: 'messages' },
  { href: '/Need-help', label: 'Need-help', icon: LifeBuoy },
];

/** SPEC.md §2: the Settings group's four subgroups and their links. */
export const SETTINGS_SECTIONS: ReadonlyArray<{ heading: string; links: readonly string[] }> = [
  { heading: 'Account management', links: ['Profile-security', 'Practice', 'Subscription'] },
  { heading: 'Billing and payments', links: ['Services', 'Client-billing', 'Online-payments', 'Insurance'] },
  { heading: 'Scheduling', links: ['Appointments', 'Sync-external-calendar'] },
  { heading: 'Documents', links: ['Template-library'] },
];

/** Is `href` the current page or one of its children (case-insensitive, like the route table)? */
export function isCurrent(pathname: string, href: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  const target = href.toLowerCase();
  return path === target || path.startsWith(`${target}/`);
}
