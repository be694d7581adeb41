import { describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS, describeActivity, type ActivityAction } from './activity';
import { routes } from './index';

const NOW = new Date('2026-11-24T12:00:00Z');
const say = (action: string, record: string, facts = {}) =>
  describeActivity({ actorName: 'Maya Patel', action, record, facts }, 'Europe/London', NOW);

describe('activity log wording', () => {
  it('given each kind of action, then the sentence says who did what to which record in plain words', () => {
    expect(say('sign', 'session_note', { on: '2026-11-03T14:00:00Z' })).toBe(
      'Maya Patel signed the session note for 3 Nov',
    );
    expect(say('create', 'client')).toBe('Maya Patel added the client');
    expect(say('update', 'client')).toBe("Maya Patel changed the client's contact details");
    expect(say('update', 'client_address')).toBe("Maya Patel changed the client's address");
    expect(say('status', 'client', { status: 'on hold' })).toBe("Maya Patel changed the client's status to On hold");
    expect(say('status', 'risk_item', { status: 'closed', on: '2026-10-02' })).toBe(
      'Maya Patel marked the risk log item of 2 Oct as closed',
    );
    expect(say('attendance', 'session', { status: 'did not attend', on: '2026-11-03T14:00:00Z' })).toBe(
      'Maya Patel marked the session for 3 Nov as did not attend',
    );
    expect(say('schedule', 'session', { on: '2027-01-05T10:00:00Z' })).toBe(
      'Maya Patel scheduled a session for 5 Jan 2027',
    );
    expect(say('reschedule', 'session', { on: '2026-12-01T10:00:00Z' })).toBe(
      'Maya Patel rescheduled the session for 1 Dec',
    );
    expect(say('cancel', 'session', { on: '2026-12-01T10:00:00Z' })).toBe('Maya Patel cancelled the session for 1 Dec');
    expect(say('delete', 'document')).toBe('Maya Patel deleted the document');
    expect(say('upload', 'document')).toBe('Maya Patel uploaded a document');
    expect(say('download', 'document')).toBe('Maya Patel downloaded the document');
    expect(say('share', 'document')).toBe('Maya Patel shared the document with the client');
    expect(say('send', 'measure_link', { measure: 'PHQ-9' })).toBe(
      'Maya Patel sent the client the measure link (PHQ-9)',
    );
    expect(say('send', 'signature_request')).toBe('Maya Patel sent a document for signature');
    expect(say('invite', 'portal')).toBe('Maya Patel invited the client to the portal');
    expect(say('revoke', 'portal')).toBe("Maya Patel revoked the client's portal access");
    expect(say('addendum', 'session_note', { on: '2026-11-03T14:00:00Z' })).toBe(
      'Maya Patel added an addendum to the session note for 3 Nov',
    );
    expect(say('current', 'treatment_plan', { version: 2 })).toBe(
      'Maya Patel made current the treatment plan (version 2)',
    );
    expect(say('create', 'assessment', { measure: 'GAD-7', on: '2026-11-20' })).toBe(
      'Maya Patel added a measure (GAD-7) of 20 Nov',
    );
    expect(say('create', 'initial_assessment')).toBe('Maya Patel added the initial assessment');
  });

  it('given every action, then no sentence carries developer text or a raw code', () => {
    for (const action of ACTIVITY_ACTIONS as readonly ActivityAction[]) {
      const sentence = say(action, 'session', { status: 'late cancellation', on: '2026-11-03T14:00:00Z' });
      expect(sentence).toMatch(/^Maya Patel [a-z]/);
      expect(sentence).not.toMatch(/_|\b(409|undefined|null)\b|[A-Z][a-z]+[A-Z]/);
    }
  });

  it('given a fee recorded for a late cancellation, then it reads as the practice says it, with the amount', () => {
    expect(
      describeActivity(
        {
          actorName: 'Maya Patel',
          action: 'charge',
          record: 'chargeable_item',
          facts: { on: '2026-11-03T14:00:00Z', kind: 'late cancellation', amountMinor: 3_000, currency: 'GBP' },
        },
        'Europe/London',
        NOW,
      ),
    ).toBe('Late cancellation fee of £30.00 recorded for the session on 3 Nov');
    expect(
      describeActivity({
        actorName: 'Maya Patel',
        action: 'charge',
        record: 'chargeable_item',
        facts: { kind: 'did not attend', amountMinor: 500, currency: 'JPY' },
      }),
    ).toBe('Did not attend fee of JP¥500 recorded');
  });

  it('given billing writes, then the sentences name the invoice, the amount and who it went to', () => {
    const billing = (action: ActivityAction, record: string, facts: object) =>
      describeActivity({ actorName: 'Maya Patel', action, record, facts }, 'Europe/London', NOW);
    const invoice = { number: 'INV-0042', amountMinor: 12_000, currency: 'GBP' };
    expect(billing('create', 'invoice', { amountMinor: 12_000, currency: 'GBP' })).toBe(
      'Maya Patel created a draft invoice for £120.00',
    );
    expect(billing('issue', 'invoice', invoice)).toBe('Maya Patel issued invoice INV-0042 for £120.00');
    expect(billing('send', 'invoice', { ...invoice, to: 'Sam Lee' })).toBe(
      'Maya Patel sent invoice INV-0042 to Sam Lee',
    );
    expect(billing('void', 'invoice', invoice)).toBe('Maya Patel voided invoice INV-0042');
    expect(billing('remind', 'invoice', { number: 'INV-0042', to: 'Sam Lee' })).toBe(
      'Maya Patel sent a payment reminder for invoice INV-0042 to Sam Lee',
    );
    expect(billing('create', 'credit_note', { number: 'CN-0003', amountMinor: 6_000, currency: 'GBP' })).toBe(
      'Maya Patel issued credit note CN-0003 for £60.00',
    );
    expect(billing('create', 'payment', { amountMinor: 6_000, currency: 'GBP', kind: 'advance' })).toBe(
      'Maya Patel recorded an advance payment of £60.00',
    );
    expect(billing('delete', 'payment', { amountMinor: 6_000, currency: 'GBP', kind: 'payment' })).toBe(
      'Maya Patel deleted a payment of £60.00',
    );
  });

  it('given a form the client completed from a link, then the sentence says the client did, naming the form', () => {
    expect(
      describeActivity({ actorName: null, action: 'submit', record: 'form', facts: { name: 'Consent to therapy' } }),
    ).toBe('The client completed the form “Consent to therapy”');
    expect(describeActivity({ actorName: null, action: 'submit', record: 'form' })).toBe(
      'The client completed the form',
    );
  });

  it('given a session at 23:30 UTC, then its day is the practice day', () => {
    expect(
      describeActivity(
        { actorName: 'Maya Patel', action: 'sign', record: 'session_note', facts: { on: '2026-11-03T23:30:00Z' } },
        'Asia/Tokyo',
        NOW,
      ),
    ).toBe('Maya Patel signed the session note for 4 Nov');
  });

  it('given no known actor, then "Someone"; an unknown record reads as a change of the record', () => {
    expect(describeActivity({ actorName: null, action: 'delete', record: 'session' })).toBe(
      'Someone deleted the session',
    );
    expect(say('write', 'updateClient')).toBe("Maya Patel changed the client's record");
  });

  it('given every write route of the clients vertical, then it declares its activity', () => {
    const clientWrites = Object.entries(routes).filter(
      ([name, spec]) =>
        spec.method !== 'GET' &&
        spec.path.startsWith('/api/clients/') &&
        spec.access !== 'public' &&
        !['createDocumentTemplate', 'createClientActivity'].includes(name),
    );
    expect(clientWrites.length).toBeGreaterThan(50);
    for (const [name, spec] of clientWrites) expect(spec, name).toHaveProperty('activity');
  });
});
