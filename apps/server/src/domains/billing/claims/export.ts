import { INSURANCE_CLAIM_STATUS_LABELS, type InsuranceClaimDetails } from '@halcyon/api/contract';
import { csvAmount, csvRate, type CsvCell } from '../../../platform/csv';

export const CLAIM_CSV_HEADER = [
  'Claim',
  'Status',
  'Insurer',
  'Payer ID',
  'Healthcode provider code',
  'Client',
  'Policy number',
  'Membership number',
  'Authorisation code',
  'Invoice',
  'Service date',
  'Description',
  'Quantity',
  'Unit price',
  'Tax rate %',
  'Net',
  'Tax',
  'Total',
  'Currency',
] as const;

/** A claim for the insurer's portal: the header, then one row per line with the claim's insurer, policy and invoice. */
export function claimCsvRows(claim: InsuranceClaimDetails): CsvCell[][] {
  const money = (minor: number) => csvAmount(minor, claim.currency);
  return [
    [...CLAIM_CSV_HEADER],
    ...claim.lines.map((line): CsvCell[] => [
      claim.id,
      INSURANCE_CLAIM_STATUS_LABELS[claim.status],
      claim.providerName,
      claim.payerId,
      claim.healthcodeProviderCode,
      claim.clientName,
      claim.policyNumber,
      claim.membershipNumber,
      claim.authorisationCode,
      claim.invoiceNumber,
      line.serviceDate,
      line.description,
      line.quantity,
      money(line.unitMinor),
      csvRate(line.taxRateBp),
      money(line.netMinor),
      money(line.taxMinor),
      money(line.grossMinor),
      claim.currency,
    ]),
  ];
}
