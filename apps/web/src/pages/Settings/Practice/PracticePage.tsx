import { PageHeader, Skeleton } from '@halcyon/design-system';
import { useIsAdmin } from '../ProfileSecurity/shared';
import styles from '../ProfileSecurity/settings.module.css';
import { LogoSection } from './LogoSection';
import { PracticeDetailsSection } from './PracticeDetailsSection';
import { TeamSection } from './TeamSection';

/** /Settings/Practice (CATALOG.md): details, logo, time zone, currency, idle sign-out and the team; an Admin edits. */
export function PracticePage() {
  const { isAdmin, loaded } = useIsAdmin();
  return (
    <div className={styles.page}>
      <PageHeader
        title="Practice"
        description={
          !loaded
            ? "Your practice's details and team."
            : isAdmin
              ? "Your practice's details, logo, time zone and currency, idle sign-out and team."
              : "Your practice's details and team. Only an Admin can change them."
        }
      />
      {loaded ? (
        <>
          <PracticeDetailsSection canEdit={isAdmin} />
          <LogoSection canEdit={isAdmin} />
          <TeamSection isAdmin={isAdmin} />
        </>
      ) : (
        <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the practice" />
      )}
    </div>
  );
}
