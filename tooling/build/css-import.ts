import fs from 'node:fs';

/** Makes the bundled JS import its own stylesheet, so `import { Button } from '@halcyon/design-system'` brings its CSS. */
export function prependCssImport(jsFile: string, cssFile = './index.css'): void {
  const line = `import '${cssFile}';\n`;
  const source = fs.readFileSync(jsFile, 'utf8');
  if (!source.startsWith(line)) fs.writeFileSync(jsFile, line + source);
}
