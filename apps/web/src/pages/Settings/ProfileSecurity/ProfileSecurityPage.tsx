import { useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import { Card, PageHeader } from '@halcyon/design-system';
import { EmailSection } from './EmailSection';
import { ComplianceSection } from '../../../features/learning/ComplianceSection';
import { NotificationPreferencesSection } from './NotificationPreferencesSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import styles from './settings.module.css';

/**
 * /Settings/Profile-security (CATALOG.md): profile and photo; e-mail, password and 2-step verification; signed-in devices;
 * notification preferences; licence and compliance records. Each part loads and saves on its own, so one failure never blanks the page.
 */
export function ProfileSecurityPage() {
  const security = useRoute('getSecurityDetails');
  const timeZone = usePracticeTimeZone();
  return (
    <div className={styles.page}>
      <PageHeader
        title="Profile and security"
        description="How colleagues see you, how you sign in, where you are signed in and what e-mails you."
      />
      <ProfileSection />
      <Card>
        <Card.Header>
          <Card.Title as="h2">Sign-in and security</Card.Title>
        </Card.Header>
        <Card.Body className={styles.page}>
          <EmailSection details={security.data ?? undefined} />
          <PasswordSection details={security.data ?? undefined} {...(timeZone ? { timeZone } : {})} />
          <TwoFactorSection />
          <SessionsSection timeZone={timeZone} />
        </Card.Body>
      </Card>
      <NotificationPreferencesSection />
      <ComplianceSection />
    </div>
  );
}
