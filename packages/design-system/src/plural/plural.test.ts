import { describe, expect, it } from 'vitest';
import { countOf, plural } from './plural';

describe('plural and countOf (Intl.PluralRules)', () => {
  it('given 1, then the singular; given 0, 2 and 1,000, then the plural with the number grouped', () => {
    const forms = { one: 'new notification', other: 'new notifications' };
    expect(countOf(1, forms)).toBe('1 new notification');
    expect(countOf(0, forms)).toBe('0 new notifications');
    expect(countOf(2, forms)).toBe('2 new notifications');
    expect(countOf(1000, forms)).toBe('1,000 new notifications');
  });

  it('given a language with more categories, then its rule picks the form', () => {
    const forms = { one: 'plik', few: 'pliki', many: 'plików', other: 'pliku' };
    expect(plural(1, forms, 'pl')).toBe('plik');
    expect(plural(3, forms, 'pl')).toBe('pliki');
    expect(plural(5, forms, 'pl')).toBe('plików');
  });
});
