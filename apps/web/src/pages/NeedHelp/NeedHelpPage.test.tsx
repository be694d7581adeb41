import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMockClient } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { faqSections, guides, resourceCountries, worksheets } from '../../features/help/content';
import { renderMarkdown } from '../../features/help/markdown';
import { buildHelpIndex, searchHelp } from '../../features/help/search';
import { FaqPage } from './FaqPage';
import { GuidesPage } from './GuidesPage';
import { NeedHelpPage } from './NeedHelpPage';
import { renderHelpPage } from './renderHelpPage';

const pages = {
  '/Need-help': <NeedHelpPage />,
  '/Need-help/Frequently-asked-questions': <FaqPage />,
  '/Need-help/How-to-guides': <GuidesPage />,
};

const results = () => within(screen.getByRole('list', { name: 'Search results' }));

describe('Need help: the help content (src/content/help)', () => {
  it('holds the FAQ sections, at least 15 questions, the six guides with numbered steps, five countries and worksheets', () => {
    expect(faqSections.map((s) => s.title)).toEqual([
      'Getting started',
      'Clients and notes',
      'Scheduling',
      'Billing',
      'Privacy and security',
      'Your account',
    ]);
    expect(faqSections.flatMap((s) => s.items).length).toBeGreaterThanOrEqual(15);
    expect(faqSections.flatMap((s) => s.items).every((item) => item.answer.length > 40)).toBe(true);
    expect(guides.map((g) => g.slug)).toEqual([
      'set-up-your-practice',
      'add-a-client',
      'schedule-a-session',
      'write-and-sign-a-note',
      'send-an-invoice',
      'turn-on-2-step-verification',
    ]);
    for (const guide of guides) expect(guide.article).toMatch(/^1\. /m);
    expect(resourceCountries.map((c) => c.code)).toEqual(['uk', 'ireland', 'us', 'canada', 'australia']);
    expect(worksheets.map((w) => w.title)).toEqual(['Safety plan', 'Thought record']);
  });

  it('finds an answer by words of its text, not only its title, and ranks title matches first', () => {
    const index = buildHelpIndex();
    // Only in the text of the 2-step question and guide.
    expect(searchHelp('authenticator', index).map((r) => r.title)).toEqual([
      'How do I turn on 2-step verification?',
      'Turn on 2-step verification',
    ]);
    // In the worksheet's title, and in the text of a FAQ answer that mentions it.
    expect(searchHelp('safety plan', index)[0]?.title).toBe('Safety plan worksheet');
    expect(searchHelp('How do I add a new client?', index)[0]?.title).toBe('How do I add a new client?');
    expect(searchHelp('invoices', index).length).toBeGreaterThan(2);
    expect(searchHelp('   ', index)).toEqual([]);
  });
});

describe('Need help: search across all help content', () => {
  it('given the index, when "invoice" is typed, then FAQ answers and the guide are listed with links to them', async () => {
    const user = userEvent.setup();
    const { container } = await renderHelpPage(createMockClient(), pages, '/Need-help');
    expect(screen.getByRole('heading', { level: 1, name: 'Need help' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /How-to guides/ })).toHaveAttribute('href', '/Need-help/How-to-guides');

    await user.type(screen.getByRole('searchbox', { name: /Search help/ }), 'invoice');
    expect(screen.getByRole('status')).toHaveTextContent(/^\d+ results for "invoice"$/);
    expect(results().getByRole('link', { name: 'Send an invoice' })).toHaveAttribute(
      'href',
      '/Need-help/How-to-guides?guide=send-an-invoice',
    );
    expect(results().getByRole('link', { name: 'How do I invoice a client?' })).toHaveAttribute(
      'href',
      '/Need-help/Frequently-asked-questions#faq-how-do-i-invoice-a-client',
    );
    expect(container.querySelector('mark')).toHaveTextContent(/invoice/i);
    await expect(container).toHaveNoAxeViolations();
  });

  it('given a crisis line only the resources mention, when searched, then each country that lists it is found', async () => {
    const user = userEvent.setup();
    await renderHelpPage(createMockClient(), pages, '/Need-help');
    await user.type(screen.getByRole('searchbox', { name: /Search help/ }), 'Samaritans');
    expect(results().getByRole('link', { name: /United Kingdom/ })).toHaveAttribute(
      'href',
      '/Need-help/Resources-hub?country=uk',
    );
    expect(results().getByRole('link', { name: /Ireland/ })).toHaveAttribute(
      'href',
      '/Need-help/Resources-hub?country=ireland',
    );
  });

  it('given words nothing holds, then it says so and what to try instead', async () => {
    const user = userEvent.setup();
    const { container } = await renderHelpPage(createMockClient(), pages, '/Need-help?q=zebra%20xylophone');
    expect(screen.getByRole('searchbox', { name: /Search help/ })).toHaveValue('zebra xylophone');
    expect(screen.getByRole('status')).toHaveTextContent('No results for "zebra xylophone"');
    expect(screen.getByRole('heading', { name: 'Nothing in the help matches your search' })).toBeInTheDocument();
    expect(screen.getByText(/Try fewer or different words/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/Need-help/Contact-us');
    await expect(container).toHaveNoAxeViolations();
    await user.clear(screen.getByRole('searchbox', { name: /Search help/ }));
    expect(screen.getByRole('navigation', { name: 'Help sections' })).toBeInTheDocument();
  });

  it('given a FAQ result, when opened, then the FAQ shows that question expanded', async () => {
    const user = userEvent.setup();
    const { router, container } = await renderHelpPage(createMockClient(), pages, '/Need-help?q=privacy%20switch');
    await user.click(results().getByRole('link', { name: /What does the Privacy switch do\?/ }));
    expect(router.state.location.pathname).toBe('/Need-help/Frequently-asked-questions');
    const question = await screen.findByRole('button', { name: 'What does the Privacy switch do?' });
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/blurs client names/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'How do I book a session?' })).toHaveAttribute('aria-expanded', 'false');
    await expect(container).toHaveNoAxeViolations();
  });
});

describe('Need help: how-to guides', () => {
  it('given a link to one guide, then it shows its numbered steps, and an internal link navigates in the app', async () => {
    const user = userEvent.setup();
    const { router, container } = await renderHelpPage(
      createMockClient(),
      pages,
      '/Need-help/How-to-guides?guide=turn-on-2-step-verification',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Turn on 2-step verification' })).toBeInTheDocument();
    const steps = within(screen.getByRole('article')).getAllByRole('list')[0]!;
    expect(steps.tagName).toBe('OL');
    expect(within(steps).getAllByRole('listitem').length).toBeGreaterThanOrEqual(5);
    await expect(container).toHaveNoAxeViolations();
    await user.click(screen.getByRole('link', { name: 'All how-to guides' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('link', { name: /Add a client/ })).toHaveAttribute(
      'href',
      '/Need-help/How-to-guides?guide=add-a-client',
    );
  });

  it("given a guide, then its screenshots show with their description and size, each from the guides' own images", async () => {
    await renderHelpPage(createMockClient(), pages, '/Need-help/How-to-guides?guide=send-an-invoice');
    const images = within(screen.getByRole('article')).getAllByRole('img');
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const image of images) {
      expect(image.getAttribute('src')).toMatch(/^\/help\/send-an-invoice-[a-z-]+\.webp$/);
      expect(image.getAttribute('alt')!.length).toBeGreaterThan(20);
      expect(image).toHaveAttribute('width', '1280');
      expect(image).toHaveAttribute('height', '800');
    }
    // Every guide has one, every screenshot named is in public/help, and every image there is used by a guide.
    const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'public', 'help');
    const named = guides.flatMap((guide) => {
      const shown = [...guide.article.matchAll(/!\[[^\]]+\]\(\/help\/([^)]+)\)/g)].map((match) => match[1]!);
      expect(shown.length, guide.slug).toBeGreaterThan(0);
      return shown;
    });
    expect([...named].sort()).toEqual(fs.readdirSync(folder).sort());
  });

  it('given an image from another site in a help text, then it is not fetched: its description shows instead', () => {
    const html = renderMarkdown('![A tracking pixel](https://example.com/p.png) and ![Up](/help/../secret.png)');
    expect(html).not.toContain('<img');
    expect(html).toContain('A tracking pixel');
  });

  it('given an unknown guide, then it says so and links back to the list', async () => {
    await renderHelpPage(createMockClient(), pages, '/Need-help/How-to-guides?guide=nope');
    expect(screen.getByRole('heading', { name: 'That guide was not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all how-to guides' })).toBeInTheDocument();
  });
});
