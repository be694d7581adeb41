import {
  MERGE_FIELDS,
  MERGE_FIELDS_BY_CONTEXT,
  MERGE_FIELD_SAMPLES,
  renderMergeFields,
  type EmailUsageContext,
  type MergeField,
} from '@halcyon/api/contract';
import { Button } from '@halcyon/design-system';
import { useId, type ReactNode } from 'react';
import styles from './EmailTemplateParts.module.css';

/**
 * The pieces of every form that writes an e-mail with merge fields (set-email-template, set-invoice-reminder): the
 * two columns (the fields, the preview), the buttons that insert the merge fields the e-mail has values for, and the
 * preview with sample data.
 */

/** The text with the merge field added at its end, after one space. */
export const withMergeField = (text: string, name: MergeField): string => `${text.replace(/\s*$/, '')} {{${name}}}`;

/** The fields beside the preview; one column on a narrow screen. */
export function EmailTemplateColumns({ fields, preview }: { fields: ReactNode; preview: ReactNode }) {
  return (
    <div className={styles.columns}>
      <div className={styles.stack}>{fields}</div>
      {preview}
    </div>
  );
}

/** A button per merge field the e-mail of `context` has a value for; a click inserts it into the body. */
export function MergeFieldButtons({
  context,
  onInsert,
}: {
  context: EmailUsageContext;
  onInsert: (name: MergeField) => void;
}) {
  const heading = useId();
  return (
    <section aria-labelledby={heading} className={styles.stack}>
      <h3 id={heading} className={styles.heading}>
        Merge fields for this e-mail
      </h3>
      <ul className={styles.mergeFields}>
        {MERGE_FIELDS_BY_CONTEXT[context].map((name) => (
          <li key={name}>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Insert {{${name}}}: ${MERGE_FIELDS[name].label}`}
              title={MERGE_FIELDS[name].label}
              onClick={() => onInsert(name)}
            >
              {`{{${name}}}`}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The e-mail as the client would read it, with the sample values in place of the merge fields. */
export function EmailPreview({ subject, body, footnote }: { subject: string; body: string; footnote: string }) {
  const heading = useId();
  const paragraphs = renderMergeFields(body, MERGE_FIELD_SAMPLES)
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim() !== '');
  return (
    <section className={styles.preview} aria-labelledby={heading} aria-live="polite">
      <h3 id={heading} className={styles.heading}>
        Preview with sample data
      </h3>
      <p className={styles.subject}>{renderMergeFields(subject, MERGE_FIELD_SAMPLES) || 'No subject yet'}</p>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className={styles.paragraph}>
          {paragraph}
        </p>
      ))}
      <p className={styles.muted}>{footnote}</p>
    </section>
  );
}
