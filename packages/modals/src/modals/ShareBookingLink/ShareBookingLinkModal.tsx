import {
  BOOKING_MESSAGES,
  BOOKING_TEXT_MAX,
  shareBookingLinkBodySchema,
  type BookingRules,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import {
  Button,
  Select,
  Sensitive,
  Skeleton,
  TextArea,
  TextField,
  useBanners,
  type ComboboxOption,
} from '@halcyon/design-system';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import styles from '../../booking/booking.module.css';
import { ClientField } from '../../form/ClientField';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { useBookableServices } from '../../services/ServiceField';
import type { ShareBookingLinkModalProps } from '../../types';

const TITLE = 'Share booking link';
const DESCRIPTION = 'Send a link to your online booking page, or copy it to share it yourself.';

/** The full address of a booking link's page, in this web app. */
export function bookingUrl(path: string): string {
  return `${window.location.origin}${path}`;
}

/** share-booking-link: the practice's or a member's booking link, copied or e-mailed to a client or an address. */
export function ShareBookingLinkModal(props: ShareBookingLinkModalProps) {
  const rules = useRoute('getBookingRules');
  const links = rules.data?.links ?? [];
  if (!rules.data || links.length === 0 || !rules.data.enabled) {
    const error =
      rules.error !== undefined || rules.data === null
        ? 'The booking links could not be loaded. Please try again.'
        : rules.data
          ? BOOKING_MESSAGES.noBookingLink
          : null;
    return (
      <ModalShell title={TITLE} description={DESCRIPTION} error={error}>
        {!error && <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the booking links" />}
      </ModalShell>
    );
  }
  return <ShareForm {...props} rules={rules.data} />;
}

function ShareForm({
  clientId,
  email,
  therapistId,
  onShared,
  rules,
}: ShareBookingLinkModalProps & { rules: BookingRules }) {
  const { notify } = useBanners();
  const share = useMutation('shareBookingLink');
  const services = useBookableServices();
  const [copied, setCopied] = useState<string | null>(null);
  // A client chosen here (when the modal was not opened for one): their e-mail address is used.
  const [chosen, setChosen] = useState<ComboboxOption | null>(null);
  const first = rules.links.find((l) => l.therapistId === (therapistId ?? null)) ?? rules.links[0]!;
  const { form, field, errorOf, shellProps } = useModalForm(shareBookingLinkBodySchema, {
    defaultValues: { slug: first.slug, clientId: clientId ?? null, email: email ?? '', message: '' },
    submit: (body) => share.trigger({ body }),
    onSuccess: async () => {
      notify({ variant: 'success', message: BOOKING_MESSAGES.bookingLinkShared });
      await onShared?.();
    },
  });
  const slug = form.watch('slug');
  const link = rules.links.find((l) => l.slug === slug) ?? first;
  const url = bookingUrl(link.path);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Link copied.');
    } catch {
      setCopied('The link could not be copied: select it and copy it yourself.');
    }
  };
  return (
    <ModalShell title={TITLE} description={DESCRIPTION} {...shellProps} submitLabel="Send link">
      <ModalFields>
        {rules.links.length > 1 && (
          <Controller
            control={form.control}
            name="slug"
            render={({ field: choice }) => (
              <Select
                label="Book with"
                options={rules.links.map((l) => ({
                  value: l.slug,
                  label: l.therapistId === null ? `${l.name} (anyone)` : l.name,
                }))}
                value={choice.value}
                onValueChange={choice.onChange}
                onBlur={choice.onBlur}
              />
            )}
          />
        )}
        <div className={styles.link}>
          <TextField label="Link" readOnly value={url} hint={copied ?? 'Anyone with the link can ask for a time.'} />
          <Button variant="secondary" onClick={() => void copy()}>
            Copy link
          </Button>
        </div>
        {clientId === undefined && (
          <Sensitive as="div" focusable={false}>
            <ClientField
              label="Send to a client"
              required={false}
              hint="Their e-mail address is used; or enter an address below."
              value={chosen}
              error={errorOf('clientId')}
              onValueChange={(option) => {
                setChosen(option);
                form.setValue('clientId', option ? Number(option.value) : null, { shouldDirty: true });
              }}
            />
          </Sensitive>
        )}
        <TextField
          label={clientId === undefined && !chosen ? 'Or send to this address' : 'Send to'}
          type="email"
          autoComplete="off"
          hint={
            clientId === undefined && !chosen ? 'An e-mail address.' : 'Leave empty to use the client’s e-mail address.'
          }
          {...field('email')}
        />
        <TextArea
          label="Message"
          hint="Optional; sent with the link."
          rows={3}
          maxLength={BOOKING_TEXT_MAX.message}
          {...field('message')}
        />
        {services.length > 0 && (
          <p className={styles.services}>{`Services offered: ${services.map((s) => s.name).join(', ')}.`}</p>
        )}
      </ModalFields>
    </ModalShell>
  );
}
