import {
  RISK_AREA_LABELS,
  RISK_ASSESSMENT_LEVEL_LABELS,
  type RiskAssessment,
  type RiskAssessmentLevel,
  type SafetyContact,
  type SafetyPlan,
} from '@halcyon/api/contract';
import { Badge, Sensitive, type BadgeVariant } from '@halcyon/design-system';
import { formatDate, formatDateTime } from '@halcyon/api/time';
import { Facts } from '../../Facts';
import styles from '../../clients.module.css';

const LEVEL_VARIANT: Record<RiskAssessmentLevel, BadgeVariant> = {
  none: 'neutral',
  low: 'info',
  medium: 'warning',
  high: 'danger',
};

/** The overall level of risk as a badge whose words carry the meaning ("Risk: High"); Privacy blurs it, wherever it is. */
export function RiskLevelBadge({ level }: { level: RiskAssessmentLevel }) {
  return (
    <Sensitive>
      <Badge variant={LEVEL_VARIANT[level]}>Risk: {RISK_ASSESSMENT_LEVEL_LABELS[level]}</Badge>
    </Sensitive>
  );
}

/** A risk assessment version: areas with their risk and protective factors, the overall level, the management plan. */
export function RiskAssessmentView({ assessment, timeZone }: { assessment: RiskAssessment; timeZone?: string }) {
  return (
    <div className={styles.stack}>
      <div className={styles.inline}>
        <RiskLevelBadge level={assessment.overallLevel} />
        <span className={styles.muted}>
          Version {assessment.version}, assessed {formatDate(assessment.assessedOn, timeZone)}
          {assessment.createdByName ? ` by ${assessment.createdByName}` : ''}
        </span>
      </div>
      {assessment.areas.length > 0 ? (
        <ul className={styles.plainList} aria-label={`Risk by area, version ${assessment.version}`}>
          {assessment.areas.map((area) => (
            <li key={area.area} className={styles.stack}>
              <span className={styles.inline}>
                <strong>{RISK_AREA_LABELS[area.area]}</strong>
                <Sensitive>
                  <Badge variant={LEVEL_VARIANT[area.level]}>{RISK_ASSESSMENT_LEVEL_LABELS[area.level]}</Badge>
                </Sensitive>
              </span>
              <Facts
                facts={[
                  { label: 'Risk factors', value: area.riskFactors },
                  { label: 'Protective factors', value: area.protectiveFactors },
                ]}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>No areas were recorded in this version.</p>
      )}
      <Facts
        facts={[
          ...(assessment.overallLevelReason
            ? [{ label: 'Reason for the overall level', value: assessment.overallLevelReason }]
            : []),
          { label: 'Protective factors', value: assessment.protectiveFactors },
          {
            label: 'Management plan',
            value: assessment.managementPlan && <span className={styles.preserve}>{assessment.managementPlan}</span>,
          },
          { label: 'Next review', value: formatDate(assessment.nextReviewDate, timeZone), sensitive: false },
        ]}
      />
    </div>
  );
}

function Lines({ label, values }: { label: string; values: readonly string[] }) {
  return values.length ? (
    <ul className={styles.plainList} aria-label={label}>
      {values.map((value, i) => (
        <li key={i}>
          <Sensitive>{value}</Sensitive>
        </li>
      ))}
    </ul>
  ) : null;
}

function Contacts({ label, values }: { label: string; values: readonly SafetyContact[] }) {
  return values.length ? (
    <ul className={styles.plainList} aria-label={label}>
      {values.map((value, i) => (
        <li key={i} className={styles.inline}>
          <Sensitive>{value.name}</Sensitive>
          {value.contact && <Sensitive className={styles.muted}>{value.contact}</Sensitive>}
        </li>
      ))}
    </ul>
  ) : null;
}

/** A safety plan version, section by section. */
export function SafetyPlanView({ plan, timeZone }: { plan: SafetyPlan; timeZone?: string }) {
  return (
    <div className={styles.stack}>
      <span className={styles.muted}>
        Version {plan.version}, saved {formatDateTime(plan.createdAt, timeZone)}
        {plan.createdByName ? ` by ${plan.createdByName}` : ''}
      </span>
      <Facts
        facts={[
          {
            label: 'Warning signs',
            value: plan.warningSigns.length ? <Lines label="Warning signs" values={plan.warningSigns} /> : '',
            sensitive: false,
          },
          {
            label: 'Coping strategies',
            value: plan.copingStrategies.length ? (
              <Lines label="Coping strategies" values={plan.copingStrategies} />
            ) : (
              ''
            ),
            sensitive: false,
          },
          {
            label: 'People and places',
            value: plan.peopleAndPlaces.length ? (
              <Contacts label="People and places" values={plan.peopleAndPlaces} />
            ) : (
              ''
            ),
            sensitive: false,
          },
          {
            label: 'Who to ask for help',
            value: plan.helpContacts.length ? <Contacts label="Who to ask for help" values={plan.helpContacts} /> : '',
            sensitive: false,
          },
          {
            label: 'Professionals and crisis lines',
            value: plan.professionalContacts.length ? (
              <Contacts label="Professionals and crisis lines" values={plan.professionalContacts} />
            ) : (
              ''
            ),
            sensitive: false,
          },
          {
            label: 'Making the environment safe',
            value: plan.environmentSafety.length ? (
              <Lines label="Making the environment safe" values={plan.environmentSafety} />
            ) : (
              ''
            ),
            sensitive: false,
          },
          {
            label: 'Reasons for living',
            value: plan.reasonsForLiving.length ? (
              <Lines label="Reasons for living" values={plan.reasonsForLiving} />
            ) : (
              ''
            ),
            sensitive: false,
          },
        ]}
      />
    </div>
  );
}
