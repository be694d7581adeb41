import { describe, expect, it } from 'vitest';
import type { RouteName } from './index';
import { readsChangedBy, WRITES_ALSO_CHANGE } from './invalidation';
import { ROUTE_DOMAINS, routeIndex } from './routeIndex';

describe('readsChangedBy (which reads a write changes, from the contract)', () => {
  it('given every domain, then each says which other domains its writes change (and names only real domains)', () => {
    expect(Object.keys(WRITES_ALSO_CHANGE).sort()).toEqual([...ROUTE_DOMAINS].sort());
    for (const others of Object.values(WRITES_ALSO_CHANGE)) {
      for (const other of others) expect(ROUTE_DOMAINS).toContain(other);
    }
  });

  it('given a read, then it changes nothing; given a write, then only reads (GET routes) change', () => {
    expect(readsChangedBy('getClient')).toEqual([]);
    for (const name of Object.keys(routeIndex) as RouteName[]) {
      for (const read of readsChangedBy(name)) expect(routeIndex[read].method).toBe('GET');
    }
  });

  it.each<[RouteName, RouteName[]]>([
    // The lists pages and modals used to keep by hand: each is covered.
    [
      'markSessionAttendance',
      [
        'listClientSessions',
        'getClientSessionSummary',
        'getClientSession',
        'getSessionNote',
        'getPrivateSessionNote',
        'appointmentsCount',
        'listClients',
        'getClient',
        'listClientActivity',
        'dashboardTodaySessions',
      ],
    ],
    ['saveRiskAssessment', ['getCurrentRiskAssessment', 'listRiskAssessmentVersions', 'getClient', 'listClients']],
    ['setRiskItemStatus', ['listRiskLog', 'getRiskItem', 'dashboardHighRisk']],
    ['updateClient', ['getClient', 'listClients', 'getClientDetails', 'getClientAddress', 'listClientActivity']],
    ['createTreatmentPlan', ['listTreatmentPlans', 'getTreatmentPlan', 'listTreatmentPlanReviews']],
    ['updateProfileSettings', ['getProfileSettings', 'therapistRetrieve', 'userDetails', 'listMembers']],
    ['uploadPracticeLogo', ['getPracticeLogo', 'getPracticeSettings', 'getPractice']],
    ['inviteMember', ['listMembers', 'getSubscription']],
    ['changePassword', ['getSecurityDetails', 'listSessions']],
    ['requestESignature', ['clientDocumentsRetrieve', 'clientSingleDocumentRetrieve', 'clientDocumentTagsRetrieve']],
  ])('given %s, then it changes %j', (write, reads) => {
    expect(readsChangedBy(write)).toEqual(expect.arrayContaining(reads));
  });

  it("given a write of one client's record, then another domain's reads stay as they are", () => {
    expect(readsChangedBy('createDiagnosis')).not.toContain('listRiskLog');
    expect(readsChangedBy('helpFeedback')).toEqual(['helpFeedbackList']);
  });
});
