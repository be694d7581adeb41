import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: [
    './docs/**/*.mdx',
    '../packages/*/src/**/*.mdx',
    '../packages/*/src/**/*.stories.@(ts|tsx)',
    '../apps/web/src/**/*.stories.@(ts|tsx)',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen' },
  viteFinal: (viteConfig) => {
    // Workspace packages resolve to their TypeScript sources, as in the web app.
    viteConfig.resolve ??= {};
    viteConfig.resolve.alias = {
      ...(viteConfig.resolve.alias as Record<string, string> | undefined),
      '@halcyon/design-system/editor': path.join(root, 'packages/design-system/src/RichTextEditor/index.ts'),
      '@halcyon/design-system/charts': path.join(root, 'packages/design-system/src/Chart/index.ts'),
      '@halcyon/design-system': path.join(root, 'packages/design-system/src/index.ts'),
      '@halcyon/modals': path.join(root, 'packages/modals/src/index.ts'),
      '@halcyon/api/contract': path.join(root, 'packages/api/src/contract/index.ts'),
      '@halcyon/api/client': path.join(root, 'packages/api/src/client/index.ts'),
      '@halcyon/api/swr': path.join(root, 'packages/api/src/swr/index.ts'),
      '@halcyon/api/testing': path.join(root, 'packages/api/src/testing/index.ts'),
      '@halcyon/api/time': path.join(root, 'packages/api/src/time/index.ts'),
    };
    return viteConfig;
  },
};
export default config;
