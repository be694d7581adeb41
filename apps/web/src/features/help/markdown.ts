import { Marked, type Tokens } from 'marked';

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The class of the "(opens in a new tab)" text that only screen readers read; the Markdown component styles it. */
export const SCREEN_READER_ONLY = 'help-sr-only';
/** The class of a guide's screenshot; the Markdown component styles it. */
export const SCREENSHOT_CLASS = 'help-screenshot';

/** Where the guides' screenshots are (apps/web/public/help, made by scripts/help-screenshots.mjs) and their size. */
export const SCREENSHOT_PATH = '/help/';
export const SCREENSHOT_SIZE = { width: 1280, height: 800 } as const;

/**
 * Help articles are Markdown in the repo (src/content/help). Links to other sites open in a new tab and say so; links to
 * Halcyon pages (starting with `/`) stay in the tab. Raw HTML in a file is shown as text, never run. An image is one of
 * the guides' own screenshots, shown with its size (nothing moves as it loads) and loaded once scrolled near; an image
 * from anywhere else is not fetched (a help page tells no other site who reads it): its description shows instead.
 */
const help = new Marked({
  gfm: true,
  async: false,
  renderer: {
    link(token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      const href = escapeHtml(token.href);
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
      if (/^https?:\/\//i.test(token.href)) {
        return `<a href="${href}"${title} target="_blank" rel="noopener noreferrer">${text}<span class="${SCREEN_READER_ONLY}"> (opens in a new tab)</span></a>`;
      }
      return `<a href="${href}"${title}>${text}</a>`;
    },
    image(token: Tokens.Image) {
      const alt = escapeHtml(token.text);
      if (!token.href.startsWith(SCREENSHOT_PATH) || token.href.includes('..')) return alt;
      const { width, height } = SCREENSHOT_SIZE;
      return `<img class="${SCREENSHOT_CLASS}" src="${escapeHtml(token.href)}" alt="${alt}" width="${width}" height="${height}" loading="lazy" decoding="async">`;
    },
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
  },
});

/**
 * Markdown to HTML. `headingOffset` moves every heading down that many levels, so an article's `##` fits under the
 * page's own headings (1: `##` becomes `<h3>`); the deepest is `<h6>`.
 */
export function renderMarkdown(markdown: string, headingOffset = 0): string {
  const shifted =
    headingOffset > 0
      ? markdown.replace(/^(#{1,6})(?=[ \t])/gm, (hashes: string) =>
          '#'.repeat(Math.min(6, hashes.length + headingOffset)),
        )
      : markdown;
  return help.parse(shifted) as string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The words of a Markdown text, for search and summaries: no markup, no "(opens in a new tab)", one space between words. */
export function plainText(markdown: string): string {
  return (
    renderMarkdown(markdown)
      .replace(new RegExp(`<span class="${SCREEN_READER_ONLY}">[^<]*</span>`, 'g'), '')
      // A heading ends its sentence ("Before you start. Check that ...").
      .replace(/([^.?!:])\s*<\/h[1-6]>/g, '$1. ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
      .replace(/\s+/g, ' ')
      .replace(/\s+([.,;:!?)])/g, '$1')
      .trim()
  );
}
