import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, isCurrency } from '@halcyon/api/contract';
import { currencyOfCountry } from './currency';

describe('a new practice’s currency', () => {
  it.each([
    ['GB', 'GBP'],
    ['IE', 'EUR'],
    ['US', 'USD'],
    ['CA', 'CAD'],
    ['AU', 'AUD'],
    ['NZ', 'NZD'],
    ['ZA', 'ZAR'],
    ['gb', 'GBP'],
  ])('given country %s, then it starts in %s', (country, currency) => {
    expect(currencyOfCountry(country)).toBe(currency);
  });

  it('given no country, then it starts in GBP', () => {
    expect(currencyOfCountry(null)).toBe('GBP');
    expect(currencyOfCountry(undefined)).toBe('GBP');
    expect(currencyOfCountry('')).toBe('GBP');
  });

  it('given any country a practice can choose, then its currency is one the contract accepts', () => {
    for (const country of COUNTRY_CODES) expect(isCurrency(currencyOfCountry(country)), country).toBe(true);
  });
});
