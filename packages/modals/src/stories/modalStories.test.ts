import { describe, expect, it } from 'vitest';
import { registry } from '../registry';

interface StoryModule {
  default: { title?: string; component?: unknown; render?: unknown; play?: unknown; parameters?: unknown };
  [story: string]: unknown;
}

const storyModules = import.meta.glob<StoryModule>('../modals/*/*Modal.stories.tsx', { eager: true });
const modalModules = import.meta.glob<Record<string, unknown>>('../modals/*/*Modal.tsx', { eager: true });
const DOMAINS = [
  'Clients',
  'Sessions',
  'Scheduling',
  'Clinical',
  'Risk',
  'Documents',
  'Billing',
  'Workspace',
  'Common',
];

const files = Object.keys(storyModules).sort();

describe('the modal stories', () => {
  it('given the registry, then every modal built has a story file', () => {
    expect(files).toHaveLength(Object.keys(registry).length);
  });

  it.each(files)('given %s, then its title is Modals/<Domain>/<Sentence case name>', (file) => {
    const title = storyModules[file]!.default.title ?? '';
    const [root, domain, name, ...rest] = title.split('/');
    expect(root).toBe('Modals');
    expect(DOMAINS).toContain(domain);
    expect(rest).toEqual([]);
    // Sentence case: a capital first letter, then no capitals ("Send to client", "Request e-signature").
    expect(name).toMatch(/^[A-Z][a-z -]+$/);
  });

  it.each(files)('given %s, then its docs page documents the modal itself, described', (file) => {
    const meta = storyModules[file]!.default;
    const modal = modalModules[file.replace('.stories.tsx', '.tsx')]!;
    const name = file.split('/').pop()!.replace('.stories.tsx', '');
    expect(meta.component).toBe(modal[name]);
    const parameters = meta.parameters as { docs?: { description?: { component?: string } } };
    expect(parameters.docs?.description?.component?.length ?? 0).toBeGreaterThan(80);
  });

  it.each(files)('given %s, then it has a Default story open at rest and an Interaction story', (file) => {
    const mod = storyModules[file]!;
    const defaultStory = mod.Default as { play?: unknown };
    expect(defaultStory).toBeDefined();
    // The Default story plays nothing of its own: the meta's play only checks the modal is open, without a click.
    expect(defaultStory.play).toBeUndefined();
    expect(mod.default.play).toBeTypeOf('function');
    expect(mod.Interaction).toBeDefined();
  });
});
