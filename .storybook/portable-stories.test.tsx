/**
 * The story tests for a machine without Chromium: every story of the workspace is composed as a portable story and run
 * (render + play function) in happy-dom. With Chromium, addon-vitest runs the same stories in the browser instead.
 */
import { composeStories } from '@storybook/react-vite';
import { describe, it } from 'vitest';

type StoryModule = Parameters<typeof composeStories>[0];
interface PortableStory {
  tags: string[];
  run: () => Promise<void>;
}

const modules = import.meta.glob<StoryModule>(
  ['../packages/*/src/**/*.stories.tsx', '../apps/web/src/**/*.stories.tsx'],
  { eager: true },
);

for (const [file, mod] of Object.entries(modules)) {
  describe(file.replace('../', ''), () => {
    const stories: Record<string, PortableStory> = composeStories(mod);
    for (const [name, story] of Object.entries(stories)) {
      it.skipIf(story.tags.includes('!test'))(name, async () => {
        await story.run();
      });
    }
  });
}
