import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Role } from '@halcyon/api/contract';
import type { Db } from '../../../platform/db';
import { DAY, type Rng } from '../../../platform/db/generate-helpers';
import { clientPortalAccess, clients } from '../../clients/schema';
import { conversationMessages, conversationParticipants, conversations } from './schema';

export interface MessageGeneration {
  db: Db;
  rng: Rng;
  practiceId: number;
  /** UTC midnight of the day the records lead up to (today in the demo). */
  base: number;
  members: readonly { userId: number; role: Role }[];
}

const TEAM = [
  {
    subject: 'Room swap on Friday',
    lines: [
      'Could we swap rooms on Friday afternoon? I have a family session.',
      'Yes, that works. I will take room 2.',
    ],
  },
  {
    subject: 'Supervision group dates',
    lines: ['The group supervision dates for next term are in the shared calendar.', 'Thanks, I have added mine.'],
  },
] as const;

const CLIENT = [
  {
    subject: 'Before our next session',
    practice: 'Please bring the sleep diary we talked about to our next session.',
    client: 'Thank you, I will bring it. I have filled in most of the week.',
  },
  {
    subject: 'Changing my appointment',
    practice: 'Thanks for letting me know. Would Thursday at 10:00 suit you instead?',
    client: 'Thursday at 10:00 is perfect, thank you.',
  },
  {
    subject: 'Worksheet from today',
    practice: 'Here is a reminder of the thought record we practised today. Try one entry a day if you can.',
    client: 'I tried it twice already. Can we go over one of them next time?',
  },
] as const;

/**
 * A few conversations of a generated (and the demo) practice: the clinicians write to each other, and three clients whose
 * portal access is active (it is made active here if the client has an e-mail) write back and forth with their
 * practice. The newest message of each is unread by whoever did not write it, so the Messages badge has a count.
 */
export async function generateMessages({ db, rng, practiceId, base, members }: MessageGeneration): Promise<void> {
  const clinicians = members.filter((m) => m.role !== 'Assistant');
  if (clinicians.length === 0) return;
  const write = async (
    kind: 'team' | 'client',
    subject: string,
    clientId: number | null,
    people: readonly number[],
    lines: readonly { userId: number | null; body: string }[],
    daysAgo: number,
  ) => {
    const last = new Date(base - daysAgo * DAY + 10 * 3_600_000 + lines.length * 3_600_000);
    const [conversation] = await db
      .insert(conversations)
      .values({
        practiceId,
        kind,
        subject,
        clientId,
        createdBy: people[0] ?? null,
        lastMessageAt: last,
        createdAt: last,
      })
      .returning({ id: conversations.id });
    const conversationId = conversation!.id;
    const lastWriter = lines.at(-1)?.userId ?? null;
    await db.insert(conversationParticipants).values([
      ...people.map((userId) => ({
        practiceId,
        conversationId,
        userId,
        unread: userId === lastWriter ? 0 : 1,
        lastMessageAt: last,
      })),
      ...(clientId === null
        ? []
        : [{ practiceId, conversationId, clientId, unread: lastWriter === null ? 0 : 1, lastMessageAt: last }]),
    ]);
    await db.insert(conversationMessages).values(
      lines.map((line, i) => ({
        practiceId,
        conversationId,
        senderUserId: line.userId,
        senderClientId: line.userId === null ? clientId : null,
        body: line.body,
        createdAt: new Date(base - daysAgo * DAY + 10 * 3_600_000 + (i + 1) * 3_600_000),
      })),
    );
  };
  if (clinicians.length > 1) {
    for (const [i, topic] of TEAM.entries()) {
      const [a, b] = i % 2 === 0 ? [clinicians[0]!, clinicians[1]!] : [clinicians[1]!, clinicians[0]!];
      await write(
        'team',
        topic.subject,
        null,
        [a.userId, b.userId],
        [
          { userId: a.userId, body: topic.lines[0] },
          { userId: b.userId, body: topic.lines[1] },
        ],
        rng.int(1, 6),
      );
    }
  }
  // Active clients with an e-mail and a therapist, each writing with their own therapist.
  const withEmail = await db
    .select({ id: clients.id, email: clients.email, therapistId: clients.therapistId })
    .from(clients)
    .where(
      and(
        eq(clients.practiceId, practiceId),
        eq(clients.status, 'active'),
        isNotNull(clients.email),
        isNotNull(clients.therapistId),
      ),
    )
    .orderBy(asc(clients.id))
    .limit(CLIENT.length);
  for (const [i, { id: clientId, email, therapistId }] of withEmail.entries()) {
    if (!email || !therapistId) continue;
    await db
      .insert(clientPortalAccess)
      .values({ practiceId, clientId, status: 'active', email, activatedAt: new Date(base - 30 * DAY) })
      .onConflictDoUpdate({
        target: clientPortalAccess.clientId,
        set: { status: 'active', email, activatedAt: new Date(base - 30 * DAY) },
      });
    const topic = CLIENT[i]!;
    await write(
      'client',
      topic.subject,
      clientId,
      [therapistId],
      [
        { userId: therapistId, body: topic.practice },
        { userId: null, body: topic.client },
      ],
      i,
    );
  }
}
