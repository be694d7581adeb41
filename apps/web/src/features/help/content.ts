import { plainText } from './markdown';

/** One question of the FAQ; `id` is its anchor (`/Need-help/Frequently-asked-questions#id`). */
export interface FaqItem {
  id: string;
  question: string;
  /** Markdown. */
  answer: string;
}

export interface FaqSection {
  id: string;
  title: string;
  items: FaqItem[];
}

export interface Guide {
  slug: string;
  title: string;
  /** The first paragraph, as plain text. */
  summary: string;
  /** Markdown without the title line. */
  body: string;
  /** Markdown without the title line and the summary (the article below the header). */
  article: string;
}

export interface ResourceCountry {
  /** As in the address: `/Need-help/Resources-hub?country=uk`. */
  code: string;
  name: string;
  /** Markdown without the title line. */
  body: string;
}

export interface Worksheet {
  slug: string;
  title: string;
  /** The first paragraph, as plain text. */
  description: string;
  /** The whole file, as people download it. */
  text: string;
}

type Files = Record<string, string>;

// The help content is Markdown in src/content/help (see its README): writers change it without touching code.
const faqFiles: Files = import.meta.glob('../../content/help/faq/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const guideFiles: Files = import.meta.glob('../../content/help/guides/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const resourceFiles: Files = import.meta.glob('../../content/help/resources/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const worksheetFiles: Files = import.meta.glob('../../content/help/worksheets/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Lower-case words joined by hyphens: "How do I add a client?" -> "how-do-i-add-a-client". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A file's name without folder, order number and extension: ".../03-us.md" -> "us". */
function slugOfPath(path: string): string {
  return (path.split('/').pop() ?? path).replace(/\.md$/, '').replace(/^\d+-/, '');
}

/** The `# Title` line and what follows it. */
function splitTitle(markdown: string, path: string): { title: string; body: string } {
  const text = markdown.replace(/\r\n?/g, '\n');
  const match = /^#[ \t]+(.+)$/m.exec(text);
  if (!match) throw new Error(`${path} has no "# Title" line.`);
  return { title: match[1]!.trim(), body: text.slice(match.index + match[0].length).trim() };
}

const paragraphs = (body: string) => body.split(/\n\s*\n/);
const firstParagraph = (body: string) => plainText(paragraphs(body)[0] ?? '');

/** Files in name order (the number at the start of a name sets it). */
const inOrder = (files: Files) => Object.entries(files).sort(([a], [b]) => a.localeCompare(b));

export function parseFaqSection(path: string, markdown: string): FaqSection {
  const { title, body } = splitTitle(markdown, path);
  const items = body
    .split(/^##[ \t]+/m)
    .slice(1)
    .map((part) => {
      const newline = part.indexOf('\n');
      const question = (newline === -1 ? part : part.slice(0, newline)).trim();
      const answer = newline === -1 ? '' : part.slice(newline + 1).trim();
      return { id: `faq-${slugify(question)}`, question, answer };
    });
  return { id: slugify(title), title, items };
}

export function parseGuide(path: string, markdown: string): Guide {
  const { title, body } = splitTitle(markdown, path);
  return {
    slug: slugOfPath(path),
    title,
    summary: firstParagraph(body),
    body,
    article: paragraphs(body).slice(1).join('\n\n'),
  };
}

export function parseResourceCountry(path: string, markdown: string): ResourceCountry {
  const { title, body } = splitTitle(markdown, path);
  return { code: slugOfPath(path), name: title, body };
}

export function parseWorksheet(path: string, markdown: string): Worksheet {
  const { title, body } = splitTitle(markdown, path);
  return { slug: slugOfPath(path), title, description: firstParagraph(body), text: markdown };
}

export const faqSections: FaqSection[] = inOrder(faqFiles).map(([path, md]) => parseFaqSection(path, md));
export const guides: Guide[] = inOrder(guideFiles).map(([path, md]) => parseGuide(path, md));
export const resourceCountries: ResourceCountry[] = inOrder(resourceFiles).map(([path, md]) =>
  parseResourceCountry(path, md),
);
export const worksheets: Worksheet[] = inOrder(worksheetFiles).map(([path, md]) => parseWorksheet(path, md));

/** Where each part of the help lives. */
export const HELP_PATHS = {
  index: '/Need-help',
  faq: '/Need-help/Frequently-asked-questions',
  guides: '/Need-help/How-to-guides',
  resources: '/Need-help/Resources-hub',
  contact: '/Need-help/Contact-us',
  feedback: '/Need-help/Feedback-form',
} as const;

export const faqHref = (item: FaqItem) => `${HELP_PATHS.faq}#${item.id}`;
export const guideHref = (guide: Guide) => `${HELP_PATHS.guides}?guide=${encodeURIComponent(guide.slug)}`;
export const countryHref = (country: ResourceCountry) =>
  `${HELP_PATHS.resources}?country=${encodeURIComponent(country.code)}`;
export const worksheetHref = (worksheet: Worksheet) => `${HELP_PATHS.resources}#worksheet-${worksheet.slug}`;
