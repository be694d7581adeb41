import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currencyDecimals,
  formatMoney,
  formatTaxRate,
  invoiceTotals,
  lineAmounts,
  lineTax,
  sumMoney,
  TAX_RATE_BP_MAX,
} from './money';

describe('money', () => {
  it('given a line tax that ends in exactly half a minor unit, then it rounds away from zero', () => {
    // 12.5p of tax on 62.5p... : 125 at 10% = 12.5 -> 13; -125 at 10% = -12.5 -> -13.
    expect(lineTax(125, 1000)).toBe(13);
    expect(lineTax(-125, 1000)).toBe(-13);
    expect(lineTax(124, 1000)).toBe(12);
    expect(lineTax(-124, 1000)).toBe(-12);
    expect(lineTax(5000, 2000)).toBe(1000);
    expect(lineTax(0, 2000)).toBe(0);
  });

  it('given a rate above 100% or a fractional amount, then it refuses to compute', () => {
    expect(() => lineTax(100, TAX_RATE_BP_MAX + 1)).toThrow(RangeError);
    expect(() => lineTax(100, -1)).toThrow(RangeError);
    expect(() => lineTax(10.5, 2000)).toThrow(RangeError);
  });

  it('given lines, then the invoice tax is the sum of the line taxes, not the rate applied to the total', () => {
    // Three lines of 5p at 10% each tax 0.5p -> 1p: 3p in all, where 10% of 15p would be 2p (1.5 -> 2).
    const lines = [1, 2, 3].map(() => lineAmounts({ quantity: 1, unitMinor: 5, taxRateBp: 1000 }));
    expect(invoiceTotals(lines)).toEqual({ netMinor: 15, taxMinor: 3, grossMinor: 18 });
  });

  it('given any line, then gross = net + tax, tax is within half a unit of the exact tax, and is exact when it can be', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 0, max: TAX_RATE_BP_MAX }),
        (quantity, unitMinor, taxRateBp) => {
          const line = lineAmounts({ quantity, unitMinor, taxRateBp });
          expect(line.netMinor).toBe(quantity * unitMinor);
          expect(line.grossMinor).toBe(line.netMinor + line.taxMinor);
          expect(Number.isInteger(line.taxMinor)).toBe(true);
          const exact = (line.netMinor * taxRateBp) / 10_000;
          expect(Math.abs(line.taxMinor - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
          // Symmetric: a credit of the same line taxes exactly the opposite.
          expect(lineTax(-line.netMinor, taxRateBp)).toBe(-line.taxMinor || 0);
        },
      ),
    );
  });

  it("given amounts, then formatMoney writes them in the currency's own decimals", () => {
    expect(formatMoney(1250, 'GBP')).toBe('£12.50');
    expect(formatMoney(-1250, 'GBP')).toBe('-£12.50');
    expect(formatMoney(1250, 'JPY')).toBe('JP¥1,250');
    expect(formatMoney(1250, 'USD', 'en-US')).toBe('$12.50');
    expect(formatMoney(1234, 'KWD')).toMatch(/^KWD\s1\.234$/);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('GBP')).toBe(2);
    expect(formatTaxRate(2000)).toBe('20%');
    expect(formatTaxRate(1250)).toBe('12.5%');
  });

  it('given amounts in one currency, then sumMoney adds them; another currency throws', () => {
    expect(
      sumMoney(
        [
          { amountMinor: 100, currency: 'GBP' },
          { amountMinor: 250, currency: 'GBP' },
        ],
        'GBP',
      ),
    ).toEqual({
      amountMinor: 350,
      currency: 'GBP',
    });
    expect(() => sumMoney([{ amountMinor: 100, currency: 'EUR' }], 'GBP')).toThrow(RangeError);
  });
});
