import {
  CLIENT_KIND_LABELS,
  CLIENT_RELATIONSHIP_TYPE_LABELS,
  RISK_ITEM_CATEGORY_LABELS,
  SESSION_STATUS_LABELS,
  type ClientDetail,
  type ClientSession,
  type MeasureInsight,
} from '@halcyon/api/contract';
import { useClientRoute, usePracticeTimeZone, useRoute } from '@halcyon/api/swr';
import { Sparkline } from '@halcyon/design-system/charts';
import { Badge, Button, Card, Sensitive, Skeleton } from '@halcyon/design-system';
import { LoadError, useModal } from '@halcyon/modals';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatDateTime, todayIn } from '@halcyon/api/time';
import { Facts } from '../Facts';
import { formatMoney, fullName } from '../format';
import styles from '../clients.module.css';
import { OutcomeBadge, signedChange } from './measureOutcome';
import { InsurancePolicy } from './InsurancePolicy';
import { GoalStatusBadge } from './TreatmentPlanView';
import type { ClientTabProps } from './types';

const yesNo = (value: boolean | null | undefined) =>
  value === undefined || value === null ? null : value ? 'Yes' : 'No';

function Section({
  title,
  onEdit,
  editLabel,
  children,
}: {
  title: string;
  onEdit?: () => void;
  editLabel?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <Card.Header className={styles.cardHeader}>
        <Card.Title as="h2">{title}</Card.Title>
        {onEdit && (
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={editLabel ?? `Edit ${title.toLowerCase()}`}>
            Edit
          </Button>
        )}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}

function Loading() {
  return (
    <div className={styles.stack} aria-busy="true">
      <Skeleton width="70%" />
      <Skeleton width="50%" />
      <Skeleton width="60%" />
    </div>
  );
}

function CouldNotLoad({ what, resource }: { what: string; resource: { error: unknown; retry: () => unknown } }) {
  return <LoadError what={what} error={resource.error} onRetry={resource.retry} headingLevel={3} />;
}

function addressLines(address: {
  line1: string | null;
  line2: string | null;
  city: string | null;
  region: string | null;
  postcode: string | null;
  country: string | null;
}): string {
  return [address.line1, address.line2, address.city, address.region, address.postcode, address.country]
    .filter(Boolean)
    .join('\n');
}

function MemberLinks({ people }: { people: ClientDetail['members'] }) {
  return (
    <ul className={styles.plainList}>
      {people.map((person) => (
        <li key={person.id}>
          <RouterLink to={`/Clients/${person.id}`}>
            <Sensitive>{fullName({ firstName: person.firstName, lastName: person.lastName })}</Sensitive>
          </RouterLink>
        </li>
      ))}
    </ul>
  );
}

/** The current treatment plan's goals, each with its status and objectives achieved, and when the plan is reviewed. */
function CurrentPlan({ clientId }: ClientTabProps) {
  const timeZone = usePracticeTimeZone();
  const plans = useClientRoute('listTreatmentPlans', clientId, (id) => ({ params: { clientId: id } }));
  const current = plans.data?.items.find((plan) => plan.isCurrentVersion);
  const plan = useRoute('getTreatmentPlan', current ? { params: { planId: current.id } } : null);
  const reviewOverdue = Boolean(current?.reviewDate && current.reviewDate < todayIn(timeZone));
  return (
    <Section title="Treatment plan">
      {plans.view === 'error' ? (
        <CouldNotLoad what="the treatment plans" resource={plans} />
      ) : plans.data && !current ? (
        <p className={styles.muted}>No current treatment plan. Write one under Treatment plan.</p>
      ) : plan.view === 'error' ? (
        <CouldNotLoad what="the treatment plan" resource={plan} />
      ) : plan.data && current ? (
        <div className={styles.stack}>
          <div className={styles.entry}>
            <strong>
              <Sensitive>{plan.data.title}</Sensitive>
            </strong>
            <span className={styles.inline}>
              <span className={styles.muted}>
                {`Version ${current.treatmentPlanVersion}`}
                {current.reviewDate ? ` · review ${formatDate(current.reviewDate)}` : ''}
              </span>
              {reviewOverdue && <Badge variant="warning">Review due</Badge>}
            </span>
          </div>
          {plan.data.goals.length ? (
            <ol className={styles.entries} aria-label="Goals">
              {plan.data.goals.map((goal) => {
                const achieved = goal.objectives.filter((objective) => objective.achieved).length;
                return (
                  <li key={goal.id} className={styles.entry}>
                    <Sensitive>{goal.description}</Sensitive>
                    <span className={styles.inline}>
                      <GoalStatusBadge status={goal.status} />
                      {goal.objectives.length > 0 && (
                        <span className={styles.muted}>
                          {`${achieved} of ${goal.objectives.length} objectives achieved`}
                        </span>
                      )}
                    </span>
                  </li>
                );
              })}
            </ol>
          ) : (
            <p className={styles.muted}>The plan has no goals yet.</p>
          )}
        </div>
      ) : (
        <Loading />
      )}
      <p className={styles.muted}>
        <RouterLink to="?tab=treatment-plan">Open the treatment plan</RouterLink>
      </p>
    </Section>
  );
}

/** How many of a measure's latest scores the sparkline draws. */
const TREND_POINTS = 8;

function MeasureLine({ insight }: { insight: MeasureInsight }) {
  const recent = insight.series.slice(-TREND_POINTS);
  const latest = insight.series.at(-1);
  return (
    <li className={styles.measureEntry}>
      <span>
        <strong>{insight.name}</strong>{' '}
        <Sensitive>
          {`${insight.latest} / ${insight.maxScore}`}
          {insight.latestBand ? `, ${insight.latestBand.toLowerCase()}` : ''}
        </Sensitive>
      </span>
      <span className={styles.inline}>
        <Sensitive className={styles.muted}>
          {latest ? formatDate(latest.date) : ''}
          {insight.series.length > 1 ? ` · ${signedChange(insight.change)} since the first` : ''}
        </Sensitive>
        {insight.outcome && <OutcomeBadge outcome={insight.outcome} />}
      </span>
      <Sensitive focusable={false}>
        <Sparkline
          label={`${insight.name}, last ${recent.length === 1 ? 'score' : `${recent.length} scores`}`}
          values={recent.map((point) => point.score)}
          min={insight.minScore}
          max={insight.maxScore}
          reference={insight.clinicalCutoff}
          width={112}
          height={36}
        />
      </Sensitive>
    </li>
  );
}

/** Each measure's latest score and band, its recent trend and the reliable change since the first score. */
function LatestMeasures({ clientId }: ClientTabProps) {
  const insights = useClientRoute('assessmentInsights', clientId, (id) => ({ params: { clientId: id } }));
  const measures = insights.data?.measures ?? [];
  return (
    <Section title="Latest measures">
      {insights.view === 'error' ? (
        <CouldNotLoad what="the measures" resource={insights} />
      ) : insights.data ? (
        measures.length ? (
          <ul className={styles.entries} aria-label="Latest measures">
            {measures.map((insight) => (
              <MeasureLine key={insight.measure} insight={insight} />
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>No measure submitted yet. Send or record one under Assessments.</p>
        )
      ) : (
        <Loading />
      )}
      <p className={styles.muted}>
        <RouterLink to="?tab=assessments">Open assessments</RouterLink>
      </p>
    </Section>
  );
}

/**
 * The Overview tab of /Clients/{id} (CATALOG.md): personal and contact details, next and last sessions, the current
 * treatment plan's goals, the latest measure scores with their trend, open risk items, address, GP and emergency notes,
 * insurance and a summary of contacts. Each part of the record edits in edit-client-info.
 */
export function OverviewTab({ clientId }: ClientTabProps) {
  const modal = useModal();
  const timeZone = usePracticeTimeZone();
  const byId = (id: number) => ({ params: { id } });
  const byClient = (id: number) => ({ params: { clientId: id } });
  const client = useClientRoute('getClient', clientId, byId);
  const details = useClientRoute('getClientDetails', clientId, byId);
  const address = useClientRoute('getClientAddress', clientId, byId);
  const contacts = useClientRoute('listClientRelationships', clientId, byClient);
  const risks = useClientRoute('listRiskLog', clientId, byClient);
  const sessions = useClientRoute('getClientSessionSummary', clientId, byClient);

  const edit = (section: string) => () => modal.open('edit-client-info', { clientId, section });
  const c = client.data;
  const d = details.data;
  const a = address.data;
  const openRisks = (risks.data?.items ?? []).filter((item) => item.status === 'open');
  const contactItems = contacts.data?.items ?? [];
  const emergency = contactItems.filter((item) => item.relationshipType === 'emergency_contact');
  // The server's summary: the next three scheduled sessions and the last three, whatever the client's history.
  const upcoming = sessions.data?.upcoming ?? [];
  const recent = sessions.data?.recent ?? [];
  const sessionLine = (session: ClientSession) => (
    <li key={session.id} className={styles.inline}>
      <Sensitive>{`${formatDateTime(session.startsAt, timeZone)} · ${session.serviceName}`}</Sensitive>
      <Badge>{SESSION_STATUS_LABELS[session.status]}</Badge>
    </li>
  );

  return (
    <div className={styles.grid}>
      <Section title="Personal details" onEdit={edit('personal')}>
        {c ? (
          <Facts
            label="Personal details"
            facts={[
              { label: 'Name', value: fullName({ firstName: c.firstName, lastName: c.lastName }) },
              { label: 'Preferred name', value: c.preferredName },
              { label: 'Pronouns', value: c.pronouns },
              { label: 'Date of birth', value: formatDate(c.dateOfBirth) },
              { label: 'Kind', value: CLIENT_KIND_LABELS[c.kind], sensitive: false },
              { label: 'Therapist', value: c.therapistName, emptyText: 'Unassigned' },
              { label: 'Client since', value: formatDate(c.createdAt, timeZone) },
            ]}
          />
        ) : (
          <Loading />
        )}
        {c && c.members.length > 0 && (
          <>
            <h3 className={styles.muted}>Members</h3>
            <MemberLinks people={c.members} />
          </>
        )}
        {c && c.memberOf.length > 0 && (
          <>
            <h3 className={styles.muted}>Also seen as part of</h3>
            <MemberLinks people={c.memberOf} />
          </>
        )}
      </Section>

      <Section title="Contact" onEdit={edit('contact')} editLabel="Edit contact details">
        {c ? (
          <Facts
            label="Contact"
            facts={[
              { label: 'E-mail', value: c.email },
              { label: 'Phone', value: c.phone },
            ]}
          />
        ) : (
          <Loading />
        )}
      </Section>

      <Section title="Sessions">
        {c ? (
          <Facts label="Balance" facts={[{ label: 'Balance', value: formatMoney(c.balanceMinor, c.currency) }]} />
        ) : null}
        {sessions.data ? (
          <>
            <h3 className={styles.muted}>Upcoming</h3>
            {upcoming.length ? (
              <ul className={styles.plainList} aria-label="Upcoming sessions">
                {upcoming.map(sessionLine)}
              </ul>
            ) : (
              <p className={styles.muted}>None booked. Use “Schedule” above to book one.</p>
            )}
            <h3 className={styles.muted}>Recent</h3>
            {recent.length ? (
              <ul className={styles.plainList} aria-label="Recent sessions">
                {recent.map(sessionLine)}
              </ul>
            ) : (
              <p className={styles.muted}>No sessions yet.</p>
            )}
          </>
        ) : sessions.error || sessions.data === null ? (
          <Facts
            label="Sessions"
            facts={[
              { label: 'Next session', value: formatDateTime(c?.nextSessionAt, timeZone), emptyText: 'None booked' },
              { label: 'Last session', value: formatDateTime(c?.lastSessionAt, timeZone), emptyText: 'None yet' },
            ]}
          />
        ) : (
          <Loading />
        )}
        <p className={styles.muted}>
          <RouterLink to="?tab=sessions">See every session</RouterLink>
        </p>
      </Section>

      <CurrentPlan clientId={clientId} />

      <LatestMeasures clientId={clientId} />

      <Section title="Open risk items">
        {risks.data ? (
          openRisks.length ? (
            <ul className={styles.plainList}>
              {openRisks.map((item) => (
                <li key={item.id} className={styles.inline}>
                  <Badge
                    variant={item.severity === 'high' ? 'danger' : item.severity === 'medium' ? 'warning' : 'info'}
                  >
                    {`${item.severity[0]?.toUpperCase()}${item.severity.slice(1)}`}
                  </Badge>
                  <Sensitive>{`${RISK_ITEM_CATEGORY_LABELS[item.category]} · ${formatDate(item.date)}`}</Sensitive>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>No open risk items.</p>
          )
        ) : risks.view === 'error' ? (
          <CouldNotLoad what="the risk items" resource={risks} />
        ) : risks.data === null ? (
          <p className={styles.muted}>The risk log is not available yet.</p>
        ) : (
          <Loading />
        )}
        <p className={styles.muted}>
          <RouterLink to="?tab=risk">Open the risk tab</RouterLink>
        </p>
      </Section>

      <Section title="Address" onEdit={edit('address')}>
        {a ? (
          <Facts
            label="Address"
            facts={[
              {
                label: 'Address',
                value: addressLines(a) ? <span className={styles.preserve}>{addressLines(a)}</span> : null,
              },
            ]}
          />
        ) : address.view === 'error' ? (
          <CouldNotLoad what="the address" resource={address} />
        ) : (
          <Loading />
        )}
      </Section>

      <Section title="Background and referral" onEdit={edit('background')}>
        {d ? (
          <Facts
            label="Background and referral"
            facts={[
              { label: 'Gender', value: d.gender },
              { label: 'Occupation', value: d.occupation },
              { label: 'Language', value: d.language },
              { label: 'Interpreter needed', value: yesNo(d.interpreterNeeded) },
              { label: 'Accessibility needs', value: d.accessibilityNeeds },
              { label: 'Referred by', value: d.referralSource },
              { label: 'Referral date', value: formatDate(d.referralDate) },
            ]}
          />
        ) : details.view === 'error' ? (
          <CouldNotLoad what="the details" resource={details} />
        ) : (
          <Loading />
        )}
      </Section>

      <Section title="GP" onEdit={edit('gp')} editLabel="Edit GP">
        {d ? (
          <Facts
            label="GP"
            facts={[
              { label: 'GP', value: d.gpName },
              { label: 'Practice', value: d.gpPractice },
              { label: 'Phone', value: d.gpPhone },
              { label: 'Address', value: d.gpAddress },
            ]}
          />
        ) : details.view === 'error' ? (
          <CouldNotLoad what="the GP details" resource={details} />
        ) : (
          <Loading />
        )}
      </Section>

      <Section title="Emergency" onEdit={edit('emergency')} editLabel="Edit emergency notes">
        {d ? (
          <Facts
            label="Emergency"
            facts={[
              {
                label: 'Emergency contacts',
                value: emergency.length
                  ? emergency.map((person) => `${person.name}${person.phone ? ` (${person.phone})` : ''}`).join(', ')
                  : null,
              },
              {
                label: 'Notes',
                value: d.emergencyNotes ? <span className={styles.preserve}>{d.emergencyNotes}</span> : null,
              },
            ]}
          />
        ) : (
          <Loading />
        )}
      </Section>

      <Section title="Insurance" onEdit={edit('insurance')}>
        <InsurancePolicy clientId={clientId} currency={c?.currency} />
      </Section>

      <Section title="Contacts">
        {contacts.data ? (
          contactItems.length ? (
            <ul className={styles.plainList}>
              {contactItems.slice(0, 5).map((person) => (
                <li key={person.id} className={styles.inline}>
                  <Sensitive>{person.name}</Sensitive>
                  <Badge>{CLIENT_RELATIONSHIP_TYPE_LABELS[person.relationshipType]}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>No contacts yet. Add an emergency contact, GP or next of kin under Contacts.</p>
          )
        ) : contacts.view === 'error' ? (
          <CouldNotLoad what="the contacts" resource={contacts} />
        ) : (
          <Loading />
        )}
        <p className={styles.muted}>
          <RouterLink to="?tab=contacts">
            {contactItems.length > 5 ? `See all ${contactItems.length} contacts` : 'Manage contacts'}
          </RouterLink>
        </p>
      </Section>
    </div>
  );
}
