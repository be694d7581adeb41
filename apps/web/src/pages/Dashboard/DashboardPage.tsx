import type { Role } from '@halcyon/api/contract';
import { usePracticeTimeZone } from '@halcyon/api/swr';
import { formatLongDay } from '@halcyon/api/time';
import { PageHeader } from '@halcyon/design-system';
import { lazy, Suspense, type ComponentType } from 'react';
import { canOpen } from '../../app/access';
import { TextLink } from '../../app/TextLink';
import { useUserState } from '../../app/userStore';
import { DashboardCard, DashboardGrid } from '../../features/dashboard/DashboardCard';
import type * as Cards from '../../features/dashboard/cards';

type CardContent = ComponentType<{ userRole: Role }>;

/** The cards' code loads once, after the page (the page stays within the /Dashboard budget). */
const loadCards = () => import('../../features/dashboard/cards');
const card = (name: keyof typeof Cards): CardContent => lazy(async () => ({ default: (await loadCards())[name] }));

interface TodayCard {
  title: string;
  href: string;
  linkLabel: string;
  /** The card's content, for the signed-in role. */
  Content: CardContent;
  /** Shown to every role, with its link only for those who may open the page (the Assistant's own tasks). */
  everyRole?: boolean;
}

/** CATALOG.md /Dashboard cards, in order. */
export const TODAY_CARDS: readonly TodayCard[] = [
  {
    title: "Today's sessions",
    href: '/Appointments',
    linkLabel: "Open today's appointments",
    Content: card('TodaySessionsCard'),
  },
  {
    title: 'Pending session requests',
    href: '/Appointments',
    linkLabel: 'Open appointments',
    Content: card('PendingRequestsCard'),
  },
  {
    title: 'Sessions that need a note',
    href: '/Clients',
    linkLabel: 'Open clients',
    Content: card('NotesDueCard'),
  },
  {
    title: 'Tasks due',
    href: '/Task-manager',
    linkLabel: 'Open the task manager',
    Content: card('TasksDueCard'),
    everyRole: true,
  },
  {
    title: 'Unread messages',
    href: '/Messages',
    linkLabel: 'Open messages',
    Content: card('UnreadMessagesCard'),
  },
  {
    title: 'Clients flagged high-risk',
    href: '/Clients?riskLevel=high',
    linkLabel: 'Open the high-risk clients',
    Content: card('HighRiskCard'),
  },
  {
    title: 'Overdue invoices',
    href: '/Billing?state=overdue',
    linkLabel: 'Open the overdue invoices',
    Content: card('OverdueInvoicesCard'),
  },
  {
    title: 'Compliance items expiring',
    href: '/Learning-development#compliance',
    linkLabel: 'Open licences and compliance',
    Content: card('ComplianceExpiringCard'),
  },
];

/** /Dashboard (today): the cards of CATALOG.md a role may open; no made-up figures. */
export function DashboardPage() {
  const { user } = useUserState();
  const role = user?.role;
  const cards = TODAY_CARDS.filter((card) => card.everyRole || canOpen(card.href, role));
  // Today in the practice's time zone (the browser's only until the practice has loaded), as every local day is read.
  const timeZone = usePracticeTimeZone();
  const today = formatLongDay(new Date(), timeZone);
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`${user ? `Hello ${user.firstName}. ` : ''}Today is ${today}.`}
        actions={
          canOpen('/Dashboard2', role) && (
            <TextLink to="/Dashboard2" variant="standalone">
              Practice insights
            </TextLink>
          )
        }
      />
      <DashboardGrid label="Today">
        {cards.map(({ Content, everyRole: _everyRole, href, ...card }) => (
          <DashboardCard key={card.title} {...card} href={canOpen(href, role) ? href : undefined}>
            {role && (
              <Suspense fallback={null}>
                <Content userRole={role} />
              </Suspense>
            )}
          </DashboardCard>
        ))}
      </DashboardGrid>
    </>
  );
}
