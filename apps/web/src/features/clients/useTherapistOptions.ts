import { useMembers } from '@halcyon/api/swr';
import { useMemo } from 'react';

/** The practice's clinicians (Admins and Therapists who are active) as options: value = user id as text. */
export function useTherapistOptions(): { value: string; label: string }[] {
  const members = useMembers();
  return useMemo(
    () =>
      (members.data?.items ?? [])
        .filter((member) => member.status === 'active' && member.role !== 'Assistant')
        .map((member) => ({ value: String(member.id), label: `${member.firstName} ${member.lastName}` })),
    [members.data],
  );
}
