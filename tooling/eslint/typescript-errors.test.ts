import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import halcyon from './typescript-errors.js';

const dirs: string[] = [];

/**
 * Lints the files of a new scratch project (its own tsconfig, strict) with the rule alone, as eslint.config.js runs it.
 * A new project each time: with CI=true typescript-eslint builds a project's program once and never sees files added later.
 */
async function lint(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'halcyon-ts-errors-'));
  dirs.push(dir);
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        types: [],
      },
      include: ['*.ts'],
    }),
  );
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: {
          parser: tseslint.parser,
          parserOptions: { project: './tsconfig.json', tsconfigRootDir: dir },
        },
        plugins: { halcyon },
        rules: { 'halcyon/typescript-errors': 'error' },
      },
    ],
  });
  const results = await eslint.lintFiles(Object.keys(files));
  return Object.fromEntries(
    results.map((result) => [
      path.basename(result.filePath),
      result.messages.map(({ line, column, message }) => ({ line, column, message })),
    ]),
  );
}

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('halcyon/typescript-errors', () => {
  it("given a file with a type error and one that imports it wrongly, then each reports TypeScript's error where tsc puts it", async () => {
    const messages = await lint({
      'total.ts': "export function total(amounts: number[]): number {\n  return amounts.join('+');\n}\n",
      'caller.ts': "import { total } from './total';\n\nexport const sum = total(['1', '2']);\n",
    });
    expect(messages['total.ts']).toEqual([
      { line: 2, column: 3, message: "Type 'string' is not assignable to type 'number'. (TS2322)" },
    ]);
    expect(messages['caller.ts']).toEqual([
      { line: 3, column: 27, message: "Type 'string' is not assignable to type 'number'. (TS2322)" },
      { line: 3, column: 32, message: "Type 'string' is not assignable to type 'number'. (TS2322)" },
    ]);
  });

  it('given a file that compiles, with an unused name (no-unused-vars reports those, tsc with our tsconfigs does not), then it reports nothing', async () => {
    const messages = await lint({
      'fine.ts': 'const unused = 1;\nexport function twice(n: number): number {\n  return n * 2;\n}\n',
    });
    expect(messages['fine.ts']).toEqual([]);
  });
});
