import { APPOINTMENT_POLICY_MESSAGES, type SchedulingPreferences } from '@halcyon/api/contract';
import { useMutation } from '@halcyon/api/swr';
import { useCallback } from 'react';
import { useSaveWithBanners } from '../ProfileSecurity/shared';

type Change = Partial<Omit<SchedulingPreferences, 'version'>>;

/**
 * Saves a change to the scheduling preferences (the reminders and double-booking sections share one record, which
 * only an Admin changes): the change goes with the version it was read at, and a banner says how it went.
 */
export function useSavePreferences() {
  const saveWithBanners = useSaveWithBanners();
  const update = useMutation('updateSchedulingPreferences');
  const { trigger } = update;
  const save = useCallback(
    (current: SchedulingPreferences, change: Change) =>
      saveWithBanners(
        () => trigger({ body: { ...change, version: current.version } }),
        APPOINTMENT_POLICY_MESSAGES.preferencesUpdated,
      ).catch(() => undefined),
    [saveWithBanners, trigger],
  );
  return { save, saving: update.isMutating };
}
