import {
  MEASURES_MESSAGES,
  MEASURE_TEXT_MAX,
  CLINICAL_PROFILE_SECTION_LABELS,
  CLINICAL_PROFILE_SECTION_TYPES,
  DIAGNOSIS_SYSTEMS,
  type ClinicalProfileSection,
  type ClinicalProfileSectionType,
  type Diagnosis,
  dateLimits,
  DATE_RANGES,
} from '@halcyon/api/contract';
import { isApiError } from '@halcyon/api/client';
import { useClientRoute, useMutation } from '@halcyon/api/swr';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  DatePicker,
  EmptyState,
  FieldRow,
  Select,
  Sensitive,
  Skeleton,
  TextArea,
  TextField,
  useBanners,
} from '@halcyon/design-system';
import { LoadError, useModal } from '@halcyon/modals';
import { useState, type FormEvent } from 'react';
import { formatDate } from '@halcyon/api/time';
import styles from '../clients.module.css';
import own from './ClinicalProfileTab.module.css';
import type { ClientTabProps } from './types';

const errorText = (error: unknown) =>
  isApiError(error) ? error.message : 'This could not be saved. Check your connection and try again.';

/**
 * The Clinical profile and diagnosis tab of /Clients/{id} (CATALOG.md): sections by type (presenting issues, history,
 * medication, formulation, strengths, other), each edited in place, and the diagnoses (ICD-10, ICD-11 or DSM-5, with a
 * code where there is one) with the primary one first.
 */
export function ClinicalProfileTab({ clientId }: ClientTabProps) {
  return (
    <div className={styles.stack}>
      <ProfileSections clientId={clientId} />
      <Diagnoses clientId={clientId} />
    </div>
  );
}

function ProfileSections({ clientId }: ClientTabProps) {
  const profile = useClientRoute('clinicalProfile', clientId, (id) => ({ params: { clientId: id } }));
  const byType = new Map((profile.data ?? []).map((section) => [section.sectionType, section]));
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Clinical profile</Card.Title>
      </Card.Header>
      <Card.Body className={styles.stack}>
        {profile.view === 'loading' ? (
          <Skeleton shape="rect" height="10rem" />
        ) : profile.view === 'error' ? (
          <LoadError what="the clinical profile" error={profile.error} onRetry={profile.retry} />
        ) : (
          CLINICAL_PROFILE_SECTION_TYPES.map((type) => (
            <ProfileSectionEditor key={type} clientId={clientId} type={type} section={byType.get(type) ?? null} />
          ))
        )}
      </Card.Body>
    </Card>
  );
}

function ProfileSectionEditor({
  clientId,
  type,
  section,
}: {
  clientId: number;
  type: ClinicalProfileSectionType;
  section: ClinicalProfileSection | null;
}) {
  const { notify } = useBanners();
  const save = useMutation('saveClinicalProfileSection');
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const label = CLINICAL_PROFILE_SECTION_LABELS[type];
  const headingId = `profile-${type}`;

  const start = () => {
    setText(section?.content ?? '');
    setError(null);
    setEditing(true);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.trigger({ params: { clientId, type }, body: { content: text, version: section?.version ?? null } });
      notify({ variant: 'success', message: `${label} updated.` });
      setEditing(false);
    } catch (caught) {
      // The typed text stays in the field (QUALITY.md reliability).
      setError(errorText(caught));
    }
  };

  return (
    <section aria-labelledby={headingId} className={own.section}>
      <div className={styles.cardHeader}>
        <h3 id={headingId} className={own.heading}>
          {label}
        </h3>
        {!editing && (
          <Button variant="ghost" size="sm" onClick={start} aria-label={`Edit ${label.toLowerCase()}`}>
            Edit
          </Button>
        )}
      </div>
      {editing ? (
        <form onSubmit={(event) => void submit(event)} className={own.form}>
          {error && (
            <p role="alert" className={own.error}>
              {error}
            </p>
          )}
          <Sensitive as="div">
            <TextArea
              label={label}
              hideLabel
              rows={5}
              maxLength={MEASURE_TEXT_MAX.clinicalProfileSection}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </Sensitive>
          <span className={styles.actions}>
            <Button type="submit" size="sm" loading={save.isMutating} disabled={save.isMutating}>
              Save {label.toLowerCase()}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)} disabled={save.isMutating}>
              Cancel
            </Button>
          </span>
        </form>
      ) : section?.content ? (
        <Sensitive as="div" className={styles.preserve}>
          {section.content}
        </Sensitive>
      ) : (
        <p className={styles.muted}>Nothing recorded yet.</p>
      )}
    </section>
  );
}

interface DiagnosisDraft {
  system: Diagnosis['system'];
  code: string;
  description: string;
  isPrimary: boolean;
  diagnosedOn: string;
}

const emptyDraft: DiagnosisDraft = { system: 'ICD-11', code: '', description: '', isPrimary: false, diagnosedOn: '' };

function Diagnoses({ clientId }: ClientTabProps) {
  const list = useClientRoute('diagnoses', clientId, (id) => ({ params: { clientId: id } }));
  const [editing, setEditing] = useState<Diagnosis | 'new' | null>(null);
  const modal = useModal();
  const items = list.data ?? [];

  // Removing a diagnosis from the record asks first, as every deletion does (delete-item names it).
  const removeOne = (diagnosis: Diagnosis) =>
    modal.open('delete-item', {
      kind: 'diagnosis',
      route: 'deleteDiagnosis',
      params: { id: diagnosis.id },
      name: [diagnosis.code, diagnosis.description].filter(Boolean).join(' '),
    });

  return (
    <Card>
      <Card.Header className={styles.cardHeader}>
        <Card.Title as="h2">Diagnosis</Card.Title>
        {editing === null && (
          <Button size="sm" onClick={() => setEditing('new')}>
            Add diagnosis
          </Button>
        )}
      </Card.Header>
      <Card.Body className={styles.stack}>
        {editing === 'new' && <DiagnosisForm clientId={clientId} onDone={() => setEditing(null)} />}
        {list.view === 'error' ? (
          <LoadError what="the diagnoses" error={list.error} onRetry={list.retry} />
        ) : list.view === 'loading' ? (
          <Skeleton shape="rect" height="4rem" />
        ) : items.length === 0 && editing !== 'new' ? (
          <EmptyState
            title="No diagnosis recorded"
            description="Add a diagnosis with its ICD-10, ICD-11 or DSM-5 code, or a description only."
            action={<Button onClick={() => setEditing('new')}>Add diagnosis</Button>}
          />
        ) : (
          <ul className={styles.plainList}>
            {items.map((diagnosis) =>
              editing !== 'new' && editing?.id === diagnosis.id ? (
                <li key={diagnosis.id}>
                  <DiagnosisForm clientId={clientId} existing={diagnosis} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <li key={diagnosis.id} className={styles.row}>
                  <Sensitive className={styles.inline}>
                    <span>
                      {diagnosis.code && <strong>{diagnosis.code} </strong>}
                      {diagnosis.description}
                    </span>
                    <Badge>{diagnosis.system}</Badge>
                    {diagnosis.isPrimary && <Badge variant="accent">Primary</Badge>}
                    {diagnosis.diagnosedOn && (
                      <span className={styles.muted}>since {formatDate(diagnosis.diagnosedOn)}</span>
                    )}
                  </Sensitive>
                  <span className={styles.actions}>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setEditing(diagnosis)}
                      aria-label={`Edit diagnosis ${diagnosis.code ?? diagnosis.description}`}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => removeOne(diagnosis)}
                      aria-label={`Remove diagnosis ${diagnosis.code ?? diagnosis.description}`}
                    >
                      Remove
                    </Button>
                  </span>
                </li>
              ),
            )}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}

function DiagnosisForm({ clientId, existing, onDone }: { clientId: number; existing?: Diagnosis; onDone: () => void }) {
  const { notify } = useBanners();
  const create = useMutation('createDiagnosis');
  const update = useMutation('updateDiagnosis');
  const [draft, setDraft] = useState<DiagnosisDraft>(
    existing
      ? {
          system: existing.system,
          code: existing.code ?? '',
          description: existing.description,
          isPrimary: existing.isPrimary,
          diagnosedOn: existing.diagnosedOn ?? '',
        }
      : emptyDraft,
  );
  const [error, setError] = useState<string | null>(null);
  const [descriptionError, setDescriptionError] = useState<string | null>(null);
  const busy = create.isMutating || update.isMutating;
  const set = <K extends keyof DiagnosisDraft>(key: K, value: DiagnosisDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.description.trim()) {
      setDescriptionError(MEASURES_MESSAGES.diagnosisMissing);
      return;
    }
    setDescriptionError(null);
    const body = {
      system: draft.system,
      code: draft.code,
      description: draft.description,
      isPrimary: draft.isPrimary,
      diagnosedOn: draft.diagnosedOn || null,
    };
    try {
      if (existing) await update.trigger({ params: { id: existing.id }, body: { ...body, version: existing.version } });
      else await create.trigger({ params: { clientId }, body });
      notify({ variant: 'success', message: existing ? 'Diagnosis updated.' : 'Diagnosis created.' });
      onDone();
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className={own.form}
      aria-label={existing ? 'Edit diagnosis' : 'Add diagnosis'}
    >
      {error && (
        <p role="alert" className={own.error}>
          {error}
        </p>
      )}
      <Sensitive as="div">
        <FieldRow>
          <Select
            label="Classification"
            options={DIAGNOSIS_SYSTEMS.map((system) => ({ value: system, label: system }))}
            value={draft.system}
            onValueChange={(value) => set('system', value as Diagnosis['system'])}
          />
          <TextField
            label="Code"
            hint="e.g. 6A70 or F32.1; optional"
            maxLength={MEASURE_TEXT_MAX.diagnosisCode}
            value={draft.code}
            onChange={(event) => set('code', event.target.value)}
          />
          <TextField
            label="Diagnosis"
            required
            maxLength={MEASURE_TEXT_MAX.diagnosis}
            value={draft.description}
            error={descriptionError ?? undefined}
            onChange={(event) => set('description', event.target.value)}
          />
          <DatePicker
            label="Diagnosed on"
            {...dateLimits(DATE_RANGES.history)}
            value={draft.diagnosedOn}
            onValueChange={(value) => set('diagnosedOn', value)}
          />
        </FieldRow>
      </Sensitive>
      <Checkbox
        label="Primary diagnosis"
        hint="Makes any other diagnosis secondary."
        checked={draft.isPrimary}
        onCheckedChange={(checked) => set('isPrimary', checked === true)}
      />
      <span className={styles.actions}>
        <Button type="submit" size="sm" loading={busy} disabled={busy}>
          {existing ? 'Save diagnosis' : 'Add diagnosis'}
        </Button>
        <Button variant="secondary" size="sm" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
      </span>
    </form>
  );
}
