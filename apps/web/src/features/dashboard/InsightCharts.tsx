import {
  CLIENT_STATUS_LABELS,
  DASHBOARD_FIGURES_TTL_SECONDS,
  MEASURES,
  type Insights,
  type MeasureCode,
  type Role,
} from '@halcyon/api/contract';
import { currencyDecimals, formatMoney } from '@halcyon/api/money';
import { usePracticeTimeZone, useRoute } from '@halcyon/api/swr';
import { formatTime } from '@halcyon/api/time';
import { Sensitive } from '@halcyon/design-system';
import { BarChart, LineChart } from '@halcyon/design-system/charts';
import { LoadError } from '@halcyon/modals';
import type { ReactNode } from 'react';
import { canOpen } from '../../app/access';
import { CardSkeleton } from './CardSkeleton';
import { DashboardCard, DashboardGrid } from './DashboardCard';
import styles from './CardList.module.css';

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** "Nov 2026" for `2026-11`. */
export const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));
/** "23 Nov" for the Monday `2026-11-23`. */
const weekLabel = (monday: string) => dayFormat.format(new Date(`${monday}T00:00:00Z`));
const percent = (value: number) => `${Math.round(value * 10) / 10}%`;
const hours = (value: number) => `${Math.round(value * 10) / 10} h`;
/** An axis tick in whole, compact money ("£2.5K"): the table and each bar's tooltip keep the exact amount. */
const moneyTick = (currency: string) => {
  const format = new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency,
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  return (value: number) => format.format(value);
};

function IncomeChart({ income }: { income: Insights['income'] }) {
  if (income.length === 0) return <p className={styles.empty}>No invoice or payment in the last 12 months.</p>;
  return (
    <>
      {income.map(({ currency, months }) => {
        const unit = 10 ** currencyDecimals(currency);
        return (
          <Sensitive key={currency} as="div" focusable={false}>
            <BarChart
              title={`Income and outstanding by month (${currency})`}
              description="Income is what was paid in each month; outstanding is what the invoices issued that month still owe."
              xLabel="Month"
              yLabel={currency}
              filename={`income-and-outstanding-${currency.toLowerCase()}`}
              formatValue={(value) => formatMoney(Math.round(value * unit), currency)}
              formatTick={moneyTick(currency)}
              data={{
                labels: months.map((m) => monthLabel(m.month)),
                series: [
                  { label: 'Income', values: months.map((m) => m.incomeMinor / unit) },
                  { label: 'Outstanding', values: months.map((m) => m.outstandingMinor / unit) },
                ],
              }}
            />
          </Sensitive>
        );
      })}
    </>
  );
}

function SessionsChart({ weeks }: { weeks: Insights['sessionsPerWeek'] }) {
  const attended = weeks.reduce((sum, w) => sum + w.attended, 0);
  const missed = weeks.reduce((sum, w) => sum + w.didNotAttend, 0);
  const rate = attended + missed === 0 ? null : (missed / (attended + missed)) * 100;
  return (
    <>
      <BarChart
        stacked
        title="Sessions per week by attendance"
        description={
          rate === null
            ? 'No session was due in the last 12 weeks.'
            : `No-show rate over the 12 weeks: ${percent(rate)} (did not attend, of the sessions due).`
        }
        xLabel="Week beginning"
        yLabel="Sessions"
        filename="sessions-per-week"
        data={{
          labels: weeks.map((w) => weekLabel(w.weekStart)),
          series: [
            { label: 'Attended', values: weeks.map((w) => w.attended) },
            { label: 'Did not attend', values: weeks.map((w) => w.didNotAttend) },
            { label: 'Cancelled', values: weeks.map((w) => w.cancelled) },
            { label: 'Still to mark', values: weeks.map((w) => w.scheduled) },
          ],
        }}
      />
      <LineChart
        title="No-show rate per week"
        description="Sessions marked did not attend, of those attended or missed."
        xLabel="Week beginning"
        yLabel="%"
        filename="no-show-rate-per-week"
        formatValue={percent}
        data={{
          labels: weeks.map((w) => weekLabel(w.weekStart)),
          series: [
            {
              label: 'No-show rate',
              values: weeks.map((w) => (w.noShowRate === null ? null : w.noShowRate * 100)),
            },
          ],
        }}
      />
    </>
  );
}

function ClientsChart({ statuses }: { statuses: NonNullable<Insights['clientsByStatus']> }) {
  return (
    <BarChart
      title="Clients by status"
      xLabel="Status"
      yLabel="Clients"
      filename="clients-by-status"
      data={{
        labels: statuses.map((s) => CLIENT_STATUS_LABELS[s.status]),
        series: [{ label: 'Clients', values: statuses.map((s) => s.count) }],
      }}
    />
  );
}

function ReferralsChart({ months }: { months: NonNullable<Insights['newReferrals']> }) {
  return (
    <BarChart
      title="New referrals by month"
      description="Clients added each month, enquiries included."
      xLabel="Month"
      yLabel="Clients"
      filename="new-referrals"
      data={{
        labels: months.map((m) => monthLabel(m.month)),
        series: [{ label: 'New clients', values: months.map((m) => m.count) }],
      }}
    />
  );
}

/** "a fall is better on PHQ-9 and GAD-7; a rise is better on WEMWBS": which way is an improvement, for the measures shown. */
function betterDirection(codes: readonly MeasureCode[]): string {
  const names = (better: 'lower' | 'higher') =>
    codes.filter((code) => MEASURES[code].better === better).map((code) => MEASURES[code].name);
  const parts = [
    names('lower').length ? `a fall is better on ${listOf(names('lower'))}` : '',
    names('higher').length ? `a rise is better on ${listOf(names('higher'))}` : '',
  ];
  return parts.filter(Boolean).join('; ');
}

const listOf = (names: readonly string[]) => new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(names);

function OutcomesChart({ measures }: { measures: NonNullable<Insights['outcomeChange']> }) {
  if (measures.length === 0)
    return <p className={styles.empty}>No client has two scores of a measure in the last 12 months yet.</p>;
  return (
    <BarChart
      title="Average outcome-measure change"
      description={`Per measure, clients with two or more scores in the last 12 months: their first and latest score on average (${betterDirection(measures.map((m) => m.measure))}).`}
      xLabel="Measure"
      yLabel="Score"
      filename="outcome-measure-change"
      data={{
        labels: measures.map((m) => `${MEASURES[m.measure].name} (${m.clients} clients)`),
        series: [
          { label: 'Average first score', values: measures.map((m) => m.averageFirst) },
          { label: 'Average latest score', values: measures.map((m) => m.averageLatest) },
          { label: 'Average change', values: measures.map((m) => m.averageChange) },
        ],
      }}
    />
  );
}

function CpdChart({ cpd }: { cpd: NonNullable<Insights['cpd']> }) {
  const done = cpd.months.at(-1)?.cumulativeHours ?? 0;
  return (
    <LineChart
      title={`CPD hours in ${cpd.year} against your target`}
      description={`${hours(done)} of your ${hours(cpd.targetHours)} target.`}
      xLabel="Month"
      yLabel="Hours"
      filename={`cpd-hours-${cpd.year}`}
      formatValue={hours}
      referenceLines={[{ value: cpd.targetHours, label: `Target (${hours(cpd.targetHours)})`, variant: 'info' }]}
      data={{
        labels: cpd.months.map((m) => monthLabel(m.month)),
        series: [
          { label: 'Hours so far', values: cpd.months.map((m) => m.cumulativeHours) },
          { label: 'Hours in the month', values: cpd.months.map((m) => m.hours) },
        ],
      }}
    />
  );
}

interface InsightCard {
  title: string;
  href: string;
  linkLabel: string;
  chart: (insights: Insights) => ReactNode;
}

/** CATALOG.md /Dashboard2's charts, in order; a chart whose figures the role may not see (null) is left out. */
const INSIGHT_CARDS: readonly InsightCard[] = [
  {
    title: 'Income and outstanding',
    href: '/Billing',
    linkLabel: 'Open billing',
    chart: (i) => <IncomeChart income={i.income} />,
  },
  {
    title: 'Sessions and attendance',
    href: '/Schedule',
    linkLabel: 'Open the schedule',
    chart: (i) => <SessionsChart weeks={i.sessionsPerWeek} />,
  },
  {
    title: 'Active clients by status',
    href: '/Clients',
    linkLabel: 'Open clients',
    chart: (i) => i.clientsByStatus && <ClientsChart statuses={i.clientsByStatus} />,
  },
  {
    title: 'New referrals',
    href: '/Clients?status=enquiry',
    linkLabel: 'Open the enquiries',
    chart: (i) => i.newReferrals && <ReferralsChart months={i.newReferrals} />,
  },
  {
    title: 'Outcome measures',
    href: '/Clients',
    linkLabel: 'Open clients',
    chart: (i) => i.outcomeChange && <OutcomesChart measures={i.outcomeChange} />,
  },
  {
    title: 'CPD hours',
    href: '/Learning-development',
    linkLabel: 'Open learning and development',
    chart: (i) => i.cpd && <CpdChart cpd={i.cpd} />,
  },
];

/**
 * /Dashboard2's charts from the insights read (one aggregate answer the server works out at most every
 * DASHBOARD_FIGURES_TTL_SECONDS.insights): each with its table view and CSV download (the design system's charts), and a link to its page.
 */
export function InsightCharts({ userRole: role }: { userRole: Role }) {
  const insights = useRoute('dashboardInsights');
  const timeZone = usePracticeTimeZone();
  const { data, view } = insights;
  if (view === 'error') return <LoadError what="practice insights" error={insights.error} onRetry={insights.retry} />;
  if (view === 'loading' || data === undefined) return <CardSkeleton what="practice insights" />;
  if (!data) return null;
  const cards = INSIGHT_CARDS.flatMap((card) => {
    const chart = card.chart(data);
    return chart ? [{ ...card, chart }] : [];
  });
  return (
    <>
      <p
        className={styles.meta}
      >{`Figures as of ${formatTime(data.computedAt, timeZone)}; they are worked out again every ${DASHBOARD_FIGURES_TTL_SECONDS.insights / 60} minutes.`}</p>
      <DashboardGrid label="Practice insights">
        {cards.map(({ title, href, linkLabel, chart }) => (
          <DashboardCard key={title} title={title} linkLabel={linkLabel} href={canOpen(href, role) ? href : undefined}>
            {chart}
          </DashboardCard>
        ))}
      </DashboardGrid>
    </>
  );
}
