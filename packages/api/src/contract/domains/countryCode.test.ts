import { describe, expect, it } from 'vitest';
import { countryCodeOf } from './account';

describe('countryCodeOf', () => {
  it('given a code in any case, then the code', () => {
    expect(countryCodeOf('gb')).toBe('GB');
    expect(countryCodeOf(' US ')).toBe('US');
  });

  it('given an English country name (practices registered before codes were kept), then its code', () => {
    expect(countryCodeOf('United Kingdom')).toBe('GB');
    expect(countryCodeOf('ireland')).toBe('IE');
    expect(countryCodeOf('United States')).toBe('US');
  });

  it('given nothing or what names no country, then null', () => {
    expect(countryCodeOf(null)).toBeNull();
    expect(countryCodeOf('')).toBeNull();
    expect(countryCodeOf('Atlantis')).toBeNull();
  });
});
