import { EmptyState, PageHeader } from '@halcyon/design-system';
import { Hammer } from '../../app/icons';

export interface InProgressPageProps {
  title: string;
  description: string;
}

/** A page whose area is still being built: its header and a plain statement, never made-up data. */
export function InProgressPage({ title, description }: InProgressPageProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState
        icon={<Hammer />}
        title="This area is being built"
        description={`${title} is not available yet. It will appear here as soon as it is ready; nothing you do elsewhere is affected.`}
      />
    </>
  );
}
