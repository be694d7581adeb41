import { LEARNING_MESSAGES, CPD_TARGET_MAX_HOURS, updateCpdTargetBodySchema } from '@halcyon/api/contract';
import { useMutation } from '@halcyon/api/swr';
import { Button, NumberField } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useSaveWithBanners } from '../../pages/Settings/ProfileSecurity/shared';
import styles from './learning.module.css';

/**
 * The member's yearly CPD target (hours), which the progress bar counts towards: shown with "Change target", which
 * opens a one-field form in place (the membership body's requirement, e.g. 30 hours a year for BACP).
 */
export function CpdTargetForm({ targetHours }: { targetHours: number }) {
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <div className={styles.target}>
        <span className={styles.muted}>{`Yearly target: ${targetHours} ${targetHours === 1 ? 'hour' : 'hours'}.`}</span>
        <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
          Change target
        </Button>
      </div>
    );
  }
  return <TargetForm targetHours={targetHours} onDone={() => setEditing(false)} />;
}

function TargetForm({ targetHours, onDone }: { targetHours: number; onDone: () => void }) {
  const save = useSaveWithBanners();
  const update = useMutation('updateCpdTarget');
  const form = useContractForm(updateCpdTargetBodySchema, {
    defaultValues: { targetHours },
    submit: async (body) => {
      await save(() => update.trigger({ body }), LEARNING_MESSAGES.targetUpdated);
      onDone();
    },
  });
  // The field takes the focus as the form opens in place of "Change target".
  const { setFocus } = form.form;
  useEffect(() => setFocus('targetHours'), [setFocus]);
  return (
    <form className={styles.targetForm} onSubmit={form.onSubmit} noValidate aria-label="Yearly CPD target">
      <Controller
        control={form.form.control}
        name="targetHours"
        render={({ field }) => (
          <NumberField
            label="Yearly CPD target"
            hint="What your membership body asks of you each year."
            required
            min={0}
            max={CPD_TARGET_MAX_HOURS}
            unit="hours"
            name={field.name}
            value={field.value ?? ''}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            error={form.errorOf('targetHours')}
            ref={field.ref}
          />
        )}
      />
      <Button type="submit" loading={form.busy}>
        Save target
      </Button>
      <Button variant="secondary" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}
