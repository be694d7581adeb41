import { usePracticeTimeZone } from '@halcyon/api/swr';
import styles from '../clients.module.css';
import { RiskAssessmentArea } from './risk/RiskAssessmentArea';
import { RiskLogArea } from './risk/RiskLogArea';
import { SafetyPlanArea } from './risk/SafetyPlanArea';
import type { ClientTabProps } from './types';

/**
 * The Risk tab of /Clients/{id} (CATALOG.md): the current risk assessment with its overall level and its earlier
 * versions, the risk log (add, edit, close, delete), and the safety plan with its versions; each area in risk/.
 */
export function RiskTab({ clientId }: ClientTabProps) {
  const timeZone = usePracticeTimeZone();
  return (
    <div className={styles.stack}>
      <RiskAssessmentArea clientId={clientId} timeZone={timeZone} />
      <RiskLogArea clientId={clientId} timeZone={timeZone} />
      <SafetyPlanArea clientId={clientId} timeZone={timeZone} />
    </div>
  );
}
