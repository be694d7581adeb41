import { DEFAULT_BILLING_SETTINGS, type ServiceKind } from '@halcyon/api/contract';
import type { Db } from '../../../platform/db';
import { DAY } from '../../../platform/db/generate-helpers';
import { PRICES } from '../../sessions/generate';
import {
  billingSettings,
  healthcodeAccounts,
  insuranceProviders,
  invoiceAccounts,
  invoiceReminderRules,
  services,
} from './schema';

/** The kind and length of each session service the sessions generator books (its PRICES). */
const SESSION_SERVICES: Readonly<Record<string, { kind: ServiceKind; minutes: number; online: boolean }>> = {
  'Individual session': { kind: 'individual', minutes: 50, online: true },
  'Couples session': { kind: 'couple', minutes: 80, online: true },
  'Family session': { kind: 'group', minutes: 80, online: false },
  'Group session': { kind: 'group', minutes: 90, online: false },
  'Initial assessment': { kind: 'assessment', minutes: 60, online: true },
};

/**
 * The billing settings of a generated (and the demo) practice, the same for every size and drawing nothing from the
 * sequence: its services (the sessions the sessions generator books, at the same prices, and two other services with
 * VAT: a report and a letter), invoice settings (14 days' terms), two accounts (GBP, the default, and EUR), reminders
 * three days before and seven days after the due date, two insurers with their Healthcode codes and the Healthcode
 * account.
 */
export async function generateBillingSettings(db: Db, practiceId: number, base: number): Promise<void> {
  const at = new Date(base - 365 * DAY);
  const stamps = { createdAt: at, updatedAt: at };
  await db.insert(services).values([
    ...Object.entries(SESSION_SERVICES).map(([name, { kind, minutes, online }]) => ({
      practiceId,
      ...stamps,
      name,
      kind,
      durationMinutes: minutes,
      priceMinor: PRICES[name]!,
      currency: 'GBP',
      bookableOnline: online,
      colour: kind === 'assessment' ? 'amber' : kind === 'couple' ? 'violet' : kind === 'group' ? 'green' : 'teal',
    })),
    {
      practiceId,
      ...stamps,
      name: 'Report writing',
      kind: 'other',
      description: 'A written report for a GP, a solicitor or an insurer.',
      priceMinor: 15_000,
      currency: 'GBP',
      taxRateBp: 2_000,
      colour: 'blue',
    },
    {
      practiceId,
      ...stamps,
      name: 'Letter',
      kind: 'other',
      description: 'A short letter confirming attendance or treatment.',
      priceMinor: 3_500,
      currency: 'GBP',
      taxRateBp: 2_000,
      colour: 'blue',
    },
  ]);
  await db.insert(billingSettings).values({
    practiceId,
    ...stamps,
    ...DEFAULT_BILLING_SETTINGS,
    paymentTermsDays: 14,
    version: 1,
    footer: 'Thank you.',
  });
  await db.insert(invoiceAccounts).values([
    {
      practiceId,
      ...stamps,
      name: 'Business current account',
      currency: 'GBP',
      isDefault: true,
      accountHolder: 'Halcyon Therapy Ltd',
      bankName: 'Harbour Bank',
      sortCode: '401276',
      accountNumber: `${31_000_000 + practiceId}`.slice(0, 8),
      instructions: 'Please quote the invoice number as the reference.',
    },
    {
      practiceId,
      ...stamps,
      name: 'Euro account',
      currency: 'EUR',
      isDefault: true,
      accountHolder: 'Halcyon Therapy Ltd',
      bankName: 'Harbour Bank',
      iban: 'GB33BUKB20201555555555',
      bic: 'BUKBGB22',
    },
  ]);
  await db.insert(invoiceReminderRules).values([
    {
      practiceId,
      ...stamps,
      offsetDays: -3,
      subject: 'Invoice {{invoice.number}} is due on {{invoice.dueDate}}',
      body: 'Dear {{client.firstName}},\n\nA reminder that invoice {{invoice.number}} for {{invoice.amount}} is due on {{invoice.dueDate}}. You can pay online: {{link.url}}\n\nWith thanks,\n{{practice.name}}',
    },
    {
      practiceId,
      ...stamps,
      offsetDays: 7,
      subject: 'Invoice {{invoice.number}} is overdue',
      body: 'Dear {{client.fullName}},\n\nInvoice {{invoice.number}} for {{invoice.amount}} was due on {{invoice.dueDate}}. Please pay it at {{link.url}}, or tell us if something is wrong.\n\n{{practice.name}}',
    },
  ]);
  await db.insert(insuranceProviders).values([
    {
      practiceId,
      ...stamps,
      name: 'Bupa',
      payerId: 'BUPA-UK',
      address: 'Bupa Claims Department, PO Box 2214, Salford M5 3XX',
      contactName: 'Claims team',
      email: 'claims@bupa.example',
      phone: '0345 600 0000',
      healthcodeProviderCode: 'BUP',
    },
    {
      practiceId,
      ...stamps,
      name: 'AXA Health',
      payerId: 'AXA-PPP',
      address: 'AXA Health Claims, Phillips House, Tunbridge Wells TN1 2PL',
      email: 'claims@axahealth.example',
      healthcodeProviderCode: 'AXA',
    },
  ]);
  await db.insert(healthcodeAccounts).values({
    practiceId,
    ...stamps,
    practitionerId: `HC${100_000 + practiceId}`,
    username: 'practice',
    enabled: true,
  });
}
