import MiniSearch from 'minisearch';
import {
  countryHref,
  faqHref,
  faqSections,
  guideHref,
  guides,
  resourceCountries,
  worksheetHref,
  worksheets,
} from './content';
import { plainText } from './markdown';

export type HelpEntryKind = 'faq' | 'guide' | 'resource' | 'worksheet';

/** One searchable piece of help: a FAQ question, a guide, a country's resources or a worksheet. */
export interface HelpEntry {
  kind: HelpEntryKind;
  title: string;
  /** Where it sits, e.g. "FAQ: Billing". */
  section: string;
  /** Its words, as plain text. */
  text: string;
  href: string;
}

export interface HelpResult extends HelpEntry {
  score: number;
  /** Words around the first match, with "…" where cut. */
  snippet: string;
}

/** Every piece of help content, in the order the help centre shows it. */
export function helpEntries(): HelpEntry[] {
  return [
    ...faqSections.flatMap((section) =>
      section.items.map((item) => ({
        kind: 'faq' as const,
        title: item.question,
        section: `FAQ: ${section.title}`,
        text: plainText(item.answer),
        href: faqHref(item),
      })),
    ),
    ...guides.map((guide) => ({
      kind: 'guide' as const,
      title: guide.title,
      section: 'How-to guide',
      text: plainText(guide.body),
      href: guideHref(guide),
    })),
    ...resourceCountries.map((country) => ({
      kind: 'resource' as const,
      title: `Crisis lines and professional bodies: ${country.name}`,
      section: 'Resources hub',
      text: plainText(country.body),
      href: countryHref(country),
    })),
    ...worksheets.map((worksheet) => ({
      kind: 'worksheet' as const,
      title: `${worksheet.title} worksheet`,
      section: 'Resources hub: worksheets',
      text: worksheet.description,
      href: worksheetHref(worksheet),
    })),
  ];
}

/** Words that say nothing about what someone is looking for ("how do I ..."). */
const STOP_WORDS = new Set(
  'a an and are can do does for from how i in is it me my of on or the to what when where which who why with you your'.split(
    ' ',
  ),
);

/** Lower case, without accents, so "Café" finds "cafe". */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** A plural counts as its singular ("invoices" is found by "invoice"), in the index and in a query. */
const singular = (word: string) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word);

/** The words of a query worth matching; a plural also finds the singular ("invoices" finds "invoice"). */
export function queryTerms(query: string): string[] {
  const words = normalise(query)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  const terms = meaningful.length > 0 ? meaningful : words;
  return [...new Set(terms.map(singular))];
}

const SNIPPET_RADIUS = 90;

function snippetOf(text: string, terms: string[]): string {
  const haystack = normalise(text);
  const at = terms.map((term) => haystack.indexOf(term)).filter((i) => i >= 0);
  const first = at.length > 0 ? Math.min(...at) : 0;
  let start = Math.max(0, first - SNIPPET_RADIUS);
  let end = Math.min(text.length, first + SNIPPET_RADIUS * 2);
  // Cut at word boundaries.
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(' ', end) > first ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/** The help content and its full-text index (MiniSearch), built once per page. */
export interface HelpIndex {
  entries: readonly HelpEntry[];
  engine: MiniSearch<HelpEntry & { id: number }>;
}

/** Indexes every piece of help content by title, text and section (words lower case, without accents, singular). */
export function buildHelpIndex(entries: readonly HelpEntry[] = helpEntries()): HelpIndex {
  const engine = new MiniSearch<HelpEntry & { id: number }>({
    fields: ['title', 'text', 'section'],
    processTerm: (term) => singular(normalise(term)),
  });
  engine.addAll(entries.map((entry, id) => ({ ...entry, id })));
  return { entries, engine };
}

/**
 * Finds help entries holding every meaningful word of the query (or a word it begins), in their title, text or section.
 * A word found in the title counts 3 and elsewhere 1, and the whole query in a title 5 more; ties keep the help centre's
 * order.
 */
export function searchHelp(query: string, { entries, engine }: HelpIndex): HelpResult[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const phrase = normalise(query.trim());
  const found = engine.search({ queries: terms, combineWith: 'AND' }, { prefix: true, processTerm: (term) => term });
  return found
    .flatMap((result) => {
      const id = result.id as number;
      const entry = entries[id];
      if (!entry) return [];
      const inTitle = Object.entries(result.match)
        .filter(([, fields]) => fields.includes('title'))
        .map(([word]) => word);
      const words = terms.reduce((sum, term) => sum + (inTitle.some((word) => word.startsWith(term)) ? 3 : 1), 0);
      const whole = phrase.length > 2 && normalise(entry.title).includes(phrase) ? 5 : 0;
      return [{ ...entry, score: words + whole - id / 10_000, snippet: snippetOf(entry.text, terms) }];
    })
    .sort((a, b) => b.score - a.score);
}
