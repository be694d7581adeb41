import { safetyPlanFormSchema, type SafetyPlan, type SafetyPlanFormValues } from '@halcyon/api/contract';
import { useApiClient, useMutation, useRoute } from '@halcyon/api/swr';
import { Button, Skeleton, TextField, useBanners } from '@halcyon/design-system';
import { useState } from 'react';
import { fillFrom } from '../../form/ConflictActions';
import type { ContractFormOf } from '../../form/useContractForm';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { SafetyPlanModalProps } from '../../types';
import { FieldGroup } from '../../form/FieldGroup';
import styles from '../../clinical/planForm.module.css';
import { useFieldList } from '../../form/useFieldList';

/** SPEC.md §8: Created or Updated messages for the other record types. */
export const SAFETY_PLAN_CREATED = 'Safety plan created.';
export const SAFETY_PLAN_UPDATED = 'Safety plan updated.';

type Props = SafetyPlanModalProps;
type SafetyForm = ContractFormOf<typeof safetyPlanFormSchema>;

const TITLE = 'Safety plan';
const DESCRIPTION =
  'What the client can do, and who they can turn to, when things get hard. Saving makes a new version.';

type LineSection = 'warningSigns' | 'copingStrategies' | 'environmentSafety' | 'reasonsForLiving';
type ContactSection = 'peopleAndPlaces' | 'helpContacts' | 'professionalContacts';

/** The sections in the order a safety plan is worked through. */
const SECTIONS: readonly (
  | { kind: 'lines'; name: LineSection; title: string; item: string; hint: string }
  | { kind: 'contacts'; name: ContactSection; title: string; item: string; hint: string }
)[] = [
  {
    kind: 'lines',
    name: 'warningSigns',
    title: 'Warning signs',
    item: 'Warning sign',
    hint: 'Thoughts, feelings, situations that a crisis may be coming.',
  },
  {
    kind: 'lines',
    name: 'copingStrategies',
    title: 'Coping strategies',
    item: 'Coping strategy',
    hint: 'Things the client can do alone to take their mind off things.',
  },
  {
    kind: 'contacts',
    name: 'peopleAndPlaces',
    title: 'People and places that help',
    item: 'Person or place',
    hint: 'People to be with and places to go for distraction.',
  },
  {
    kind: 'contacts',
    name: 'helpContacts',
    title: 'Who to ask for help',
    item: 'Person',
    hint: 'Family members or friends the client can ask for help.',
  },
  {
    kind: 'contacts',
    name: 'professionalContacts',
    title: 'Professionals and crisis lines',
    item: 'Professional or service',
    hint: 'GP, crisis team, therapist, helplines such as Samaritans 116 123.',
  },
  {
    kind: 'lines',
    name: 'environmentSafety',
    title: 'Making the environment safe',
    item: 'Step',
    hint: 'Steps to limit access to means.',
  },
  {
    kind: 'lines',
    name: 'reasonsForLiving',
    title: 'Reasons for living',
    item: 'Reason',
    hint: 'What matters most to the client.',
  },
];

function toForm(source: SafetyPlan | null, expectedCurrentVersion: number): SafetyPlanFormValues {
  const lines = (values: readonly string[] | undefined) => (values ?? []).map((value) => ({ value }));
  const contacts = (values: readonly { name: string; contact: string }[] | undefined) =>
    (values ?? []).map((c) => ({ ...c }));
  return {
    expectedCurrentVersion,
    warningSigns: lines(source?.warningSigns),
    copingStrategies: lines(source?.copingStrategies),
    peopleAndPlaces: contacts(source?.peopleAndPlaces),
    helpContacts: contacts(source?.helpContacts),
    professionalContacts: contacts(source?.professionalContacts),
    environmentSafety: lines(source?.environmentSafety),
    reasonsForLiving: lines(source?.reasonsForLiving),
  };
}

function LinesSection({
  contract: { form, errorOf },
  name,
  title,
  item,
  hint,
}: {
  contract: SafetyForm;
  name: LineSection;
  title: string;
  item: string;
  hint: string;
}) {
  const { fields, append, remove } = useFieldList(form, { name });
  return (
    <FieldGroup legend={title} hint={hint} error={errorOf(name)}>
      {fields.map((field, index) => (
        <div key={field.id} className={styles.row}>
          <TextField
            label={`${item} ${index + 1}`}
            className={styles.grow}
            error={errorOf(`${name}.${index}.value`)}
            {...form.register(`${name}.${index}.value`)}
          />
          <Button variant="ghost" size="sm" onClick={() => remove(index)}>
            Remove {item.toLowerCase()} {index + 1}
          </Button>
        </div>
      ))}
      <div>
        <Button variant="secondary" size="sm" onClick={() => append({ value: '' })}>
          Add {item.toLowerCase()}
        </Button>
      </div>
    </FieldGroup>
  );
}

function ContactsSection({
  contract: { form, errorOf },
  name,
  title,
  item,
  hint,
}: {
  contract: SafetyForm;
  name: ContactSection;
  title: string;
  item: string;
  hint: string;
}) {
  const { fields, append, remove } = useFieldList(form, { name });
  return (
    <FieldGroup legend={title} hint={hint} error={errorOf(name)}>
      {fields.map((field, index) => (
        <div key={field.id} className={styles.row}>
          <TextField
            label={`${item} ${index + 1}: name`}
            className={styles.grow}
            error={errorOf(`${name}.${index}.name`)}
            {...form.register(`${name}.${index}.name`)}
          />
          <TextField
            label={`${item} ${index + 1}: phone or details`}
            className={styles.grow}
            error={errorOf(`${name}.${index}.contact`)}
            {...form.register(`${name}.${index}.contact`)}
          />
          <Button variant="ghost" size="sm" onClick={() => remove(index)}>
            Remove {item.toLowerCase()} {index + 1}
          </Button>
        </div>
      ))}
      <div>
        <Button variant="secondary" size="sm" onClick={() => append({ name: '', contact: '' })}>
          Add {item.toLowerCase()}
        </Button>
      </div>
    </FieldGroup>
  );
}

/**
 * safety-plan: a new version of the client's safety plan, starting from the current one (or `previousVersionId`):
 * warning signs, coping strategies, people and places, who to ask for help, professionals and crisis lines, making the
 * environment safe, reasons for living. A save after someone else saved a newer version answers 409.
 */
export function SafetyPlanModal({ clientId, previousVersionId, onSaved }: Props) {
  const { notify } = useBanners();
  const client = useApiClient();
  const current = useRoute('getCurrentSafetyPlan', { params: { clientId } });
  const previous = useRoute('getSafetyPlan', previousVersionId ? { params: { id: previousVersionId } } : null);
  const waiting = current.data === undefined || (previousVersionId !== undefined && previous.data === undefined);
  const loaded = waiting
    ? undefined
    : { source: previous.data ?? current.data ?? null, currentVersion: current.data?.version ?? 0 };
  const [reloaded, setReloaded] = useState<{ source: SafetyPlan | null; currentVersion: number } | null>(null);
  const state = reloaded ?? loaded;
  const filled = state !== undefined;
  const currentVersion = state?.currentVersion ?? 0;
  const source = state?.source ?? null;
  const save = useMutation('saveSafetyPlan');
  const contract = useModalForm(safetyPlanFormSchema, {
    defaultValues: toForm(null, 0),
    ...fillFrom(loaded ? toForm(loaded.source, loaded.currentVersion) : undefined),
    submit: (body) => save.trigger({ params: { clientId }, body }),
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: currentVersion === 0 ? SAFETY_PLAN_CREATED : SAFETY_PLAN_UPDATED });
      if (saved) await onSaved?.(saved);
    },
  });
  const { form, shellProps } = contract;
  const loadError =
    current.error !== undefined || previous.error !== undefined
      ? 'The safety plan could not be loaded. Close this window and try again.'
      : null;

  async function reload() {
    const fresh = await client.call('getCurrentSafetyPlan', { params: { clientId } });
    setReloaded({ source: fresh, currentVersion: fresh?.version ?? 0 });
    form.reset(toForm(fresh, fresh?.version ?? 0));
  }

  return (
    <ModalShell
      title={TITLE}
      description={DESCRIPTION}
      size="lg"
      {...shellProps}
      submitLabel={filled ? 'Save safety plan' : undefined}
      error={shellProps.error ?? loadError}
      onReload={reload}
    >
      {!filled ? (
        !loadError && <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the safety plan" />
      ) : (
        <ModalFields sensitive>
          <p className={styles.hint}>
            {currentVersion === 0
              ? 'This is the first safety plan for this client.'
              : `Starting from version ${source?.version ?? currentVersion}; this will be saved as version ${currentVersion + 1}.`}
          </p>
          {SECTIONS.map((section) =>
            section.kind === 'lines' ? (
              <LinesSection key={section.name} contract={contract} {...section} />
            ) : (
              <ContactsSection key={section.name} contract={contract} {...section} />
            ),
          )}
        </ModalFields>
      )}
    </ModalShell>
  );
}
