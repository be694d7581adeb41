import {
  ONLINE_PAYMENT_MESSAGES,
  PAY_LINK_DAYS,
  updateOnlinePaymentDetailsBodySchema,
  type OnlinePaymentDetails,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { Button, Card, FieldRow, Skeleton, Switch, TextField } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { Controller } from 'react-hook-form';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import { useIsAdmin, useSaveWithBanners } from '../ProfileSecurity/shared';
import styles from '../ProfileSecurity/settings.module.css';

function SettingsForm({ details, canEdit }: { details: OnlinePaymentDetails; canEdit: boolean }) {
  const save = useSaveWithBanners();
  const update = useMutation('updateOnlinePaymentDetails');
  const form = useContractForm(updateOnlinePaymentDetailsBodySchema, {
    defaultValues: {
      acceptCardPayments: details.acceptCardPayments,
      payLinkDays: details.payLinkDays,
      version: details.version,
    },
    submit: (body) => save(() => update.trigger({ body }), ONLINE_PAYMENT_MESSAGES.detailsSaved),
  });
  const readOnly = !canEdit;
  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-label="Pay link settings">
      {readOnly && <p className={styles.readOnly}>Only an Admin can change these settings.</p>}
      <Controller
        control={form.form.control}
        name="acceptCardPayments"
        render={({ field }) => (
          <Switch
            label="Add a pay-online link to invoices I e-mail"
            hint="Clients open it to pay the invoice by card."
            disabled={readOnly}
            name={field.name}
            checked={field.value === true}
            onCheckedChange={(checked) => {
              field.onChange(checked);
              field.onBlur();
            }}
            error={form.errorOf('acceptCardPayments')}
          />
        )}
      />
      <FieldRow columnMin="lg">
        <TextField
          label="A pay link works for"
          hint={`Days from the e-mail: ${PAY_LINK_DAYS.min} to ${PAY_LINK_DAYS.max}. A later e-mail carries a new link.`}
          type="number"
          inputMode="numeric"
          min={PAY_LINK_DAYS.min}
          max={PAY_LINK_DAYS.max}
          step={1}
          endAdornment="days"
          required
          readOnly={readOnly}
          {...form.field('payLinkDays', { valueAsNumber: true })}
        />
      </FieldRow>
      {canEdit && (
        <div className={styles.actions}>
          <Button type="submit" loading={form.busy}>
            Save pay link settings
          </Button>
        </div>
      )}
    </form>
  );
}

/** The practice's online-payment settings: whether e-mailed invoices carry a pay link, and how long one works. */
export function PaymentSettingsSection() {
  const details = useRoute('onlinePaymentDetails');
  // An Admin edits; the form waits for the role so an Admin never meets the read-only view first.
  const { isAdmin, loaded } = useIsAdmin();
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Pay links</Card.Title>
      </Card.Header>
      <Card.Body>
        {details.data && loaded ? (
          <SettingsForm key={details.data.version} details={details.data} canEdit={isAdmin} />
        ) : details.error ? (
          <LoadFailed what="the pay link settings" error={details.error} onRetry={() => void details.reload()} />
        ) : (
          <Skeleton shape="rect" height="8rem" />
        )}
      </Card.Body>
    </Card>
  );
}
