import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The repository's own ESLint configuration, as `pnpm lint` runs it, without type information (the import rules read
 * only the source text), so a fixture needs no file on disk.
 */
const eslint = new ESLint({
  cwd: repo,
  overrideConfig: [
    { files: ['**/*.ts', '**/*.tsx'], ...tseslint.configs.disableTypeChecked },
    { languageOptions: { parserOptions: { projectService: false } } },
  ],
});

async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

describe('import directions (ARCHITECTURE.md: packages and the server layers), enforced by pnpm lint', () => {
  it('given platform code importing a domain, then lint fails and says the platform never imports a domain', async () => {
    const errors = await importErrors(
      'apps/server/src/platform/http/fixture.ts',
      "import { clients } from '../../domains/clients/schema';\nexport const table = clients;\n",
    );
    expect(errors).toEqual([expect.stringContaining('platform/ never imports a domain')]);
  });

  it('given platform code importing the composition root, then lint fails', async () => {
    const errors = await importErrors(
      'apps/server/src/platform/audit/fixture.ts',
      "import { clients } from '../../schema';\nexport const table = clients;\n",
    );
    expect(errors).toEqual([expect.stringContaining('never imports the composition root')]);
  });

  it('given a domain importing the platform and the composition root, then lint passes', async () => {
    const errors = await importErrors(
      'apps/server/src/domains/clients/fixture.ts',
      "import { auditLog } from '../../platform/db/schema';\nimport { clients } from '../../schema';\nexport const tables = [auditLog, clients];\n",
    );
    expect(errors).toEqual([]);
  });

  it('given the server importing the api package beyond its contract, or the design system, then lint fails', async () => {
    const errors = await importErrors(
      'apps/server/src/domains/clients/fixture.ts',
      "import { useRoute } from '@halcyon/api/swr';\nimport { Button } from '@halcyon/design-system';\nimport { clientSchema } from '@halcyon/api/contract';\nexport const all = [useRoute, Button, clientSchema];\n",
    );
    expect(errors).toHaveLength(2);
  });

  it('given the design system importing the api package, then lint fails', async () => {
    const errors = await importErrors(
      'packages/design-system/src/Button/fixture.ts',
      "import { z } from '@halcyon/api/contract';\nexport const schema = z;\n",
    );
    expect(errors).toEqual([expect.stringContaining('design-system imports nothing of ours')]);
  });
});
