import {
  BILLING_SETTINGS_MESSAGES,
  BILLING_SETTINGS_TEXT_MAX,
  updateHealthcodeAccountBodySchema,
  type HealthcodeAccount,
  type InsuranceProvider,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { Badge, Button, Card, FieldRow, PageHeader, Skeleton, Switch, TextField } from '@halcyon/design-system';
import { useContractForm, useModal } from '@halcyon/modals';
import { Controller } from 'react-hook-form';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import { useSaveWithBanners } from '../ProfileSecurity/shared';
import styles from '../ProfileSecurity/settings.module.css';
import { EditButton, ListSection } from '../Services/ListSection';

function ProvidersSection() {
  const providers = useRoute('listInsuranceProviders');
  const modal = useModal();
  return (
    <ListSection<InsuranceProvider>
      title="Insurance providers"
      intro="The insurers you bill: an invoice can be addressed to one, and claims go to it."
      items={providers.data?.items}
      error={providers.error}
      retry={() => void providers.retry()}
      what="the insurance providers"
      label="Insurance providers"
      empty={{ title: 'No insurance providers', description: 'Add the insurers your clients are covered by.' }}
      item={(provider) => (
        <>
          <div>
            <p className={styles.subTitle}>
              {provider.name}{' '}
              {provider.healthcodeProviderCode && (
                <Badge variant="info">Healthcode {provider.healthcodeProviderCode}</Badge>
              )}
            </p>
            <p className={styles.muted}>
              {[provider.payerId && `Payer id ${provider.payerId}`, provider.email, provider.phone]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <EditButton name={provider.name} onClick={() => modal.open('set-insurance-provider', { id: provider.id })} />
        </>
      )}
      add={{ label: 'Add insurance provider', onClick: () => modal.open('set-insurance-provider', {}) }}
    />
  );
}

function HealthcodeForm({ account }: { account: HealthcodeAccount }) {
  const save = useSaveWithBanners();
  const update = useMutation('updateHealthcodeAccount');
  const form = useContractForm(updateHealthcodeAccountBodySchema, {
    defaultValues: account,
    submit: (body) => save(() => update.trigger({ body }), BILLING_SETTINGS_MESSAGES.healthcodeUpdated),
  });
  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-label="Healthcode account">
      <FieldRow columnMin="lg">
        <TextField
          label="Practitioner id"
          hint="Your Healthcode id, on every electronic claim."
          maxLength={BILLING_SETTINGS_TEXT_MAX.healthcodeCode}
          autoComplete="off"
          {...form.field('practitionerId')}
        />
        <TextField
          label="User name"
          maxLength={BILLING_SETTINGS_TEXT_MAX.healthcodeUsername}
          autoComplete="off"
          {...form.field('username')}
        />
      </FieldRow>
      <Controller
        control={form.form.control}
        name="enabled"
        render={({ field }) => (
          <Switch
            label="Send claims through Healthcode"
            hint="Claims to insurers with a Healthcode code are sent electronically."
            checked={field.value ?? false}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={form.busy}>
          Save Healthcode account
        </Button>
      </div>
    </form>
  );
}

function HealthcodeSection() {
  const account = useRoute('getHealthcodeAccount');
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Healthcode account</Card.Title>
      </Card.Header>
      <Card.Body className={styles.form}>
        {account.data ? (
          <HealthcodeForm key={account.data.version} account={account.data} />
        ) : account.error ? (
          <LoadFailed what="the Healthcode account" error={account.error} onRetry={() => void account.retry()} />
        ) : (
          <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the Healthcode account" />
        )}
      </Card.Body>
    </Card>
  );
}

/** /Settings/Insurance (CATALOG.md): the insurers the practice bills and its Healthcode account for electronic claims. */
export function InsurancePage() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="Insurance"
        description="The insurers you bill, and your Healthcode account for electronic claims."
      />
      <ProvidersSection />
      <HealthcodeSection />
    </div>
  );
}
