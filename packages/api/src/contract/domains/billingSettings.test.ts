import { describe, expect, it } from 'vitest';
import { createInvoiceAccountBodySchema, formatIban, formatSortCode } from '../index';

describe('bank details as an invoice prints them', () => {
  it('given a sort code typed with dashes or spaces, then it is stored as six digits and printed as 12-34-56', () => {
    for (const typed of ['12-34-56', '12 34 56', '123456']) {
      const body = createInvoiceAccountBodySchema.parse({
        name: 'Current account',
        accountCurrency: 'GBP',
        sortCode: typed,
        accountNumber: '12345678',
      });
      expect(body.sortCode).toBe('123456');
      expect(formatSortCode(body.sortCode)).toBe('12-34-56');
    }
  });

  it('given an IBAN typed in groups or in one run, then it is printed in groups of four', () => {
    const body = createInvoiceAccountBodySchema.parse({
      name: 'Euro account',
      accountCurrency: 'EUR',
      iban: 'gb33bukb20201555555555',
    });
    expect(body.iban).toBe('GB33BUKB20201555555555');
    expect(formatIban(body.iban)).toBe('GB33 BUKB 2020 1555 5555 55');
  });
});
