/** The words of one count sentence, by CLDR plural category (`other` is required; English needs `one` and `other`). */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rulesByLocale = new Map<string, Intl.PluralRules>();

function rulesFor(locale: string): Intl.PluralRules {
  let rules = rulesByLocale.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    rulesByLocale.set(locale, rules);
  }
  return rules;
}

/**
 * The form of a word for a count, by the language's plural rules (`Intl.PluralRules`), never by `count === 1`:
 * `plural(1, { one: 'client', other: 'clients' })` is "client"; 0 and 2 are "clients".
 */
export function plural(count: number, forms: PluralForms, locale = 'en'): string {
  return forms[rulesFor(locale).select(count)] ?? forms.other;
}

/** A count with its word: `countOf(3, { one: 'new notification', other: 'new notifications' })` is "3 new notifications". */
export function countOf(count: number, forms: PluralForms, locale = 'en'): string {
  return `${new Intl.NumberFormat(locale).format(count)} ${plural(count, forms, locale)}`;
}
