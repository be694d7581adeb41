import {
  BUILT_IN_FORM_TEMPLATES,
  EMAIL_USAGE_CONTEXT_LABELS,
  FORM_CATEGORIES,
  FORM_CATEGORY_LABELS,
  FORM_USAGE_CONTEXTS,
  FORM_USAGE_CONTEXT_LABELS,
  type EmailTemplate,
  type FormTemplate,
} from '@halcyon/api/contract';
import { groupFormTemplates, useRoute } from '@halcyon/api/swr';
import { Badge, Button, Card, EmptyState, PageHeader, RadioGroup, Skeleton, Tabs } from '@halcyon/design-system';
import { useModal } from '@halcyon/modals';
import { useState } from 'react';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import styles from '../ProfileSecurity/settings.module.css';

type Grouping = 'category' | 'usageContext';
const GROUPINGS = [
  { value: 'category', label: 'Category' },
  { value: 'usageContext', label: 'Usage context' },
] as const;

/** A form template's line: its name, what it is, and Preview with Edit (the practice's) or Make your own (a built-in). */
function FormTemplateItem({ template }: { template: FormTemplate }) {
  const modal = useModal();
  const { id } = template;
  const preview = () =>
    id === null
      ? modal.open('view-form-template', { builtIn: template.usageContext })
      : modal.open('view-form-template', { formTemplateId: id });
  return (
    <li className={styles.listItem}>
      <div>
        <p className={styles.subTitle}>
          {template.name}{' '}
          {template.builtIn && (
            <Badge variant="neutral">{template.overridden ? 'Built-in, replaced' : 'Built-in'}</Badge>
          )}
        </p>
        <p className={styles.muted}>
          {[
            FORM_CATEGORY_LABELS[template.templateCategory],
            FORM_USAGE_CONTEXT_LABELS[template.usageContext],
            template.description,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" size="sm" aria-label={`Preview ${template.name}`} onClick={preview}>
          Preview
        </Button>
        {id === null ? (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Make your own from ${template.name}`}
            onClick={() =>
              modal.open('set-form-template', {
                defaults: { ...BUILT_IN_FORM_TEMPLATES[template.usageContext], usageContext: template.usageContext },
              })
            }
          >
            Make your own
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Edit ${template.name}`}
            onClick={() => modal.open('set-form-template', { id })}
          >
            Edit
          </Button>
        )}
      </div>
    </li>
  );
}

function FormTemplatesSection() {
  const templates = useRoute('listFormTemplates');
  const modal = useModal();
  const [grouping, setGrouping] = useState<Grouping>('category');
  const groups = templates.data ? groupFormTemplates(templates.data.items) : null;
  const order: readonly string[] = grouping === 'category' ? FORM_CATEGORIES : FORM_USAGE_CONTEXTS;
  const labelOf = (key: string) =>
    grouping === 'category'
      ? FORM_CATEGORY_LABELS[key as (typeof FORM_CATEGORIES)[number]]
      : FORM_USAGE_CONTEXT_LABELS[key as (typeof FORM_USAGE_CONTEXTS)[number]];
  const byGroup = groups ? (grouping === 'category' ? groups.byCategory : groups.byUsageContext) : null;
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Form templates</Card.Title>
      </Card.Header>
      <Card.Body className={styles.form}>
        <p className={styles.muted}>
          Forms your clients fill in from a link. Halcyon&rsquo;s built-in form is used for each moment until you make
          your own for it.
        </p>
        <RadioGroup
          label="Group by"
          orientation="horizontal"
          options={GROUPINGS}
          value={grouping}
          onValueChange={(value) => setGrouping(value as Grouping)}
        />
        {byGroup ? (
          order
            .filter((key) => (byGroup[key]?.length ?? 0) > 0)
            .map((key) => (
              <section key={key} className={styles.fieldset} aria-labelledby={`templates-${key}`}>
                <h3 id={`templates-${key}`} className={styles.subTitle}>
                  {labelOf(key)}
                </h3>
                <ul className={styles.list} aria-label={`${labelOf(key)} form templates`}>
                  {(byGroup[key] ?? []).map((template) => (
                    <FormTemplateItem key={template.id ?? `built-in-${template.usageContext}`} template={template} />
                  ))}
                </ul>
              </section>
            ))
        ) : templates.error ? (
          <LoadFailed what="the form templates" error={templates.error} onRetry={() => void templates.retry()} />
        ) : (
          <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the form templates" />
        )}
        <div className={styles.actions}>
          <Button onClick={() => modal.open('set-form-template', {})}>New form template</Button>
        </div>
      </Card.Body>
    </Card>
  );
}

function EmailTemplateItem({ template }: { template: EmailTemplate }) {
  const modal = useModal();
  const label = EMAIL_USAGE_CONTEXT_LABELS[template.usageContext];
  const { id } = template;
  return (
    <li className={styles.listItem}>
      <div>
        <p className={styles.subTitle}>
          {label}{' '}
          <Badge variant={template.builtIn ? 'neutral' : 'info'}>{template.builtIn ? 'Built-in' : 'Your own'}</Badge>
        </p>
        <p className={styles.muted}>{template.subject}</p>
      </div>
      {id === null ? (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Write your own ${label.toLowerCase()} e-mail`}
          onClick={() => modal.open('set-email-template', { defaults: { usageContext: template.usageContext } })}
        >
          Write your own
        </Button>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Edit the ${label.toLowerCase()} e-mail`}
          onClick={() => modal.open('set-email-template', { id })}
        >
          Edit
        </Button>
      )}
    </li>
  );
}

function EmailTemplatesSection() {
  const templates = useRoute('listEmailTemplates');
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">E-mail templates</Card.Title>
      </Card.Header>
      <Card.Body className={styles.form}>
        <p className={styles.muted}>
          The e-mails Halcyon sends your clients. Write your own in place of the built-in one; merge fields such as
          {' {{client.firstName}} '}are filled in for each client.
        </p>
        {templates.data ? (
          templates.data.items.length === 0 ? (
            <EmptyState headingLevel={3} title="No e-mails" description="Halcyon sends no e-mails to clients yet." />
          ) : (
            <ul className={styles.list} aria-label="E-mail templates">
              {templates.data.items.map((template) => (
                <EmailTemplateItem key={template.usageContext} template={template} />
              ))}
            </ul>
          )
        ) : templates.error ? (
          <LoadFailed what="the e-mail templates" error={templates.error} onRetry={() => void templates.retry()} />
        ) : (
          <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the e-mail templates" />
        )}
      </Card.Body>
    </Card>
  );
}

/**
 * /Settings/Template-library (CATALOG.md): form templates grouped by category or by usage context (SPEC.md §5), each
 * previewed as the client sees it, and the e-mail of each usage context with merge fields and a preview.
 */
export function TemplateLibraryPage() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="Template library"
        description="Form templates your clients fill in, and the e-mails Halcyon sends them in your words."
      />
      <Tabs.Root defaultValue="forms">
        <Tabs.List aria-label="Templates">
          <Tabs.Trigger value="forms">Form templates</Tabs.Trigger>
          <Tabs.Trigger value="emails">E-mail templates</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="forms">
          <FormTemplatesSection />
        </Tabs.Content>
        <Tabs.Content value="emails">
          <EmailTemplatesSection />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
