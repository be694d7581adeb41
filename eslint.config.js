import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import halcyon from './tooling/eslint/typescript-errors.js';

/** Imports a place may not make (ARCHITECTURE.md: which package imports which; the server's layers). */
const ours = (name, because) => ({ group: [name, `${name}/*`], message: because });
const serverPackages = [
  ours('@halcyon/design-system', 'The server imports only the contract, time and money entries of @halcyon/api.'),
  ours('@halcyon/modals', 'The server imports only the contract, time and money entries of @halcyon/api.'),
  ours('@halcyon/web', 'The server imports only the contract, time and money entries of @halcyon/api.'),
  {
    regex: '^@halcyon/api(?!/(contract|time|money)(/|$))(/.*)?$',
    message:
      'The server imports only @halcyon/api/contract, @halcyon/api/time and @halcyon/api/money (no React, no client): the contract and the time-zone and money code shared with the browser.',
  },
];
const platformLayer = [
  {
    group: ['**/domains', '**/domains/**'],
    message: 'platform/ never imports a domain: the domain provides what the platform needs, wired in app.ts.',
  },
  {
    regex: '^(\\.\\./)+(app|schema)(\\.ts)?$',
    message: 'platform/ never imports the composition root (app.ts, schema.ts): it knows no table of the domains.',
  },
];
const restrict = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'storybook-static/**',
      'coverage/**',
      'data/**',
      '**/drizzle/**',
      '.pack-check/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // One program per environment rather than one per package (projectService): the four browser workspaces share
        // tsconfig.browser.json, so the files they import from each other are typed once (lint's CPU time, CI's longest
        // background step). A file is linted with the first program that holds it.
        project: [
          './apps/server/tsconfig.json',
          './e2e/tsconfig.json',
          './bench/tsconfig.json',
          './tsconfig.json',
          './tsconfig.browser.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { halcyon },
    rules: {
      // TypeScript's own errors, from the programs above (so CI needs no separate `tsc` over the same files).
      'halcyon/typescript-errors': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['**/*.{tsx,jsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['packages/design-system/src/**'],
    rules: restrict([ours('@halcyon/*', 'design-system imports nothing of ours.')]),
  },
  {
    files: ['packages/api/src/**'],
    rules: restrict([
      ours('@halcyon/design-system', '@halcyon/api imports nothing of ours.'),
      ours('@halcyon/modals', '@halcyon/api imports nothing of ours.'),
      ours('@halcyon/web', '@halcyon/api imports nothing of ours.'),
      ours('@halcyon/server', '@halcyon/api imports nothing of ours.'),
    ]),
  },
  {
    files: ['packages/modals/src/**'],
    rules: restrict([
      ours('@halcyon/web', '@halcyon/modals imports only the design system and the api package.'),
      ours('@halcyon/server', '@halcyon/modals imports only the design system and the api package.'),
    ]),
  },
  {
    files: ['apps/web/src/**'],
    rules: restrict([ours('@halcyon/server', 'The web app talks to the server over HTTP.')]),
  },
  { files: ['apps/server/src/**'], rules: restrict(serverPackages) },
  // Tests may reach into domains to seed data; production code of the platform may not.
  {
    files: ['apps/server/src/platform/**'],
    ignores: ['**/*.test.ts'],
    rules: restrict([...serverPackages, ...platformLayer]),
  },
  {
    // Plain JavaScript, and the pack-check scratch apps, which resolve our packages from their tarballs, not the workspace.
    files: ['**/*.{js,mjs,cjs}', 'scripts/pack-check/*.{jsx,tsx}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests and stories may use loose typing helpers from test libraries.
    files: ['**/*.test.{ts,tsx}', '**/*.stories.tsx', '**/test/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
