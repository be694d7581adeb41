import { PageHeader } from '@halcyon/design-system';
import { canOpen } from '../../app/access';
import { useUserState } from '../../app/userStore';
import { DashboardCard, DashboardGrid } from '../../features/dashboard/DashboardCard';

/** CATALOG.md /Dashboard2 charts; each gets its chart, table view and CSV download when its domain lands. */
export const INSIGHT_CHARTS = [
  {
    title: 'Income and outstanding by month',
    href: '/Billing',
    linkLabel: 'Open billing',
    purpose: 'It will chart the last 12 months of income and outstanding amounts.',
  },
  {
    title: 'Sessions per week',
    href: '/Schedule',
    linkLabel: 'Open the schedule',
    purpose: 'It will chart sessions per week with attendance and the no-show rate.',
  },
  {
    title: 'Active clients by status',
    href: '/Clients',
    linkLabel: 'Open clients',
    purpose: 'It will chart clients by status.',
  },
  {
    title: 'New referrals',
    href: '/Clients',
    linkLabel: 'Open clients',
    purpose: 'It will chart new referrals by month.',
  },
  {
    title: 'Average outcome-measure change',
    href: '/Clients',
    linkLabel: 'Open clients',
    purpose: 'It will chart the average change in outcome measures across the caseload.',
  },
  {
    title: 'CPD hours',
    href: '/Learning-development',
    linkLabel: 'Open learning and development',
    purpose: "It will chart CPD hours against the year's target.",
  },
] as const;

/** /Dashboard2 (practice insights): the charts of CATALOG.md a role may open; none is faked. */
export function Dashboard2Page() {
  const { user } = useUserState();
  const charts = INSIGHT_CHARTS.filter((chart) => canOpen(chart.href, user?.role));
  return (
    <>
      <PageHeader title="Practice insights" description="How the practice is doing over time." />
      <DashboardGrid label="Practice insights">
        {charts.map((chart) => (
          <DashboardCard key={chart.title} {...chart} />
        ))}
      </DashboardGrid>
    </>
  );
}
