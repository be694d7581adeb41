import { useRoute } from '@halcyon/api/swr';

/** The value of "me" in a team-member select: the signed-in member (the server's default when none is sent). */
export const ME = 'me';

/** The member a select's value names: null for "me" (the server then takes the signed-in member). */
export function memberIdOf(value: string): number | null {
  return value === ME ? null : Number(value);
}

/** A select's value for a member id: "me" for the signed-in member or none. */
export function memberValueOf(id: number | null | undefined, meId: number | undefined): string {
  return id && id !== meId ? String(id) : ME;
}

/**
 * The team members whose calendar a booking can go in: "Me (name)" first, then the other active members by the
 * practice's order; assistants only where `assistants` (blocked time and appointments, not sessions).
 */
export function useMemberOptions({ assistants }: { assistants: boolean }) {
  const members = useRoute('listMembers');
  const me = useRoute('userDetails').data;
  return [
    { value: ME, label: me ? `Me (${me.first_name} ${me.last_name})` : 'Me' },
    ...(members.data?.items ?? [])
      .filter((m) => m.status === 'active' && m.id !== me?.id && (assistants || m.role !== 'Assistant'))
      .map((m) => ({ value: String(m.id), label: `${m.firstName} ${m.lastName}` })),
  ];
}
