import { PageHeader } from '@halcyon/design-system';
import { canOpen } from '../../app/access';
import { useUserState } from '../../app/userStore';
import { DashboardCard, DashboardGrid } from '../../features/dashboard/DashboardCard';

/** CATALOG.md /Dashboard cards, in order; each is filled by its domain as that issue lands. */
export const TODAY_CARDS = [
  {
    title: "Today's sessions",
    href: '/Schedule',
    linkLabel: 'Open the schedule',
    purpose: 'It will list time, client, service, location or video link, with attendance to mark.',
  },
  {
    title: 'Pending session requests',
    href: '/Appointments',
    linkLabel: 'Open appointments',
    purpose: 'It will list requests to accept, amend or decline.',
  },
  {
    title: 'Sessions that need a note',
    href: '/Clients',
    linkLabel: 'Open clients',
    purpose: 'It will list past sessions without a session note.',
  },
  {
    title: 'Tasks due',
    href: '/Task-manager',
    linkLabel: 'Open the task manager',
    purpose: 'It will list tasks due today or overdue.',
  },
  {
    title: 'Unread messages',
    href: '/Messages',
    linkLabel: 'Open messages',
    purpose: 'It will show messages waiting for you.',
  },
  {
    title: 'Clients flagged high-risk',
    href: '/Clients',
    linkLabel: 'Open clients',
    purpose: 'It will list clients whose risk level is high.',
  },
  {
    title: 'Overdue invoices',
    href: '/Billing',
    linkLabel: 'Open billing',
    purpose: 'It will show the total of overdue invoices.',
  },
  {
    title: 'Compliance items expiring',
    href: '/Settings/Profile-security',
    linkLabel: 'Open licences and compliance',
    purpose: 'It will list licence and compliance records expiring within 60 days.',
  },
] as const;

/** /Dashboard (today): the cards of CATALOG.md a role may open; no made-up figures. */
export function DashboardPage() {
  const { user } = useUserState();
  const cards = TODAY_CARDS.filter((card) => canOpen(card.href, user?.role));
  const today = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(),
  );
  return (
    <>
      <PageHeader title="Dashboard" description={`${user ? `Hello ${user.firstName}. ` : ''}Today is ${today}.`} />
      <DashboardGrid label="Today">
        {cards.map((card) => (
          <DashboardCard key={card.title} {...card} />
        ))}
      </DashboardGrid>
    </>
  );
}
