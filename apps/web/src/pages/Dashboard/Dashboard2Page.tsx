import { PageHeader } from '@halcyon/design-system';
import { lazy, Suspense } from 'react';
import { TextLink } from '../../app/TextLink';
import { useUserState } from '../../app/userStore';
import { CardSkeleton } from '../../features/dashboard/CardSkeleton';

/** The charts' code (the design system's charts) loads after the page. */
const InsightCharts = lazy(async () => ({
  default: (await import('../../features/dashboard/InsightCharts')).InsightCharts,
}));

/** /Dashboard2 (practice insights): CATALOG.md's charts the role may see, each with a table view and a CSV download. */
export function Dashboard2Page() {
  const { user } = useUserState();
  return (
    <>
      <PageHeader
        title="Practice insights"
        description="How the practice is doing over time."
        actions={
          <TextLink to="/Dashboard" variant="standalone">
            Today&rsquo;s dashboard
          </TextLink>
        }
      />
      {user && (
        <Suspense fallback={<CardSkeleton what="practice insights" />}>
          <InsightCharts userRole={user.role} />
        </Suspense>
      )}
    </>
  );
}
