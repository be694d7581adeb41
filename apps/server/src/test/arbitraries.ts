import fc from 'fast-check';
import type { RouteSpec } from '@halcyon/api/contract';
import { exampleFor } from './examples';

/** Text a person could paste: control characters, bidirectional overrides, a lone surrogate, very long text. */
export const hostileText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(
    'text with a NUL \u0000 inside',
    'line\nbreak',
    'tab\tinside',
    'bell\u0007',
    'C1 \u0085 control',
    'right-to-left \u202E override',
    'isolate \u2066 inside',
    'lone \uD800 surrogate',
    'x'.repeat(100_001),
    '',
    ' ',
  ),
);

/** Numbers at and beyond every edge a column or a schema has. */
export const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2_147_483_647, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 0.5),
);

/** Path parameters: real ids of the practice, then ids and text that are not. */
export function idValue(realIds: readonly (string | number)[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...realIds.map(String)),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
    fc.integer().map(String),
    fc.constantFrom('0', '-1', '1e400', 'NaN', '%00', '9'.repeat(40), '2147483648', '0x10', 'a'.repeat(5000)),
  );
}

/** The route's own example with some fields swapped for hostile text, numbers or anything JSON holds, or not JSON at all. */
export function bodyFor(spec: RouteSpec): fc.Arbitrary<{ raw: string; json: boolean }> {
  const example = spec.body ? exampleFor(spec.body) : undefined;
  const keys = example && typeof example === 'object' ? Object.keys(example) : [];
  const junk = fc.dictionary(
    keys.length > 0 ? fc.constantFrom(...keys) : fc.string(),
    fc.oneof(
      hostileText,
      hostileNumber,
      fc.anything(),
      fc.constant(null),
      fc.array(fc.oneof(hostileText, hostileNumber), { maxLength: 3 }),
    ),
  );
  return fc.oneof(
    junk.map((j) => ({ raw: JSON.stringify({ ...(example as object | undefined), ...j }), json: true })),
    junk.map((j) => ({ raw: JSON.stringify({ ...(example as object | undefined), ...j }), json: true })),
    fc.jsonValue().map((value) => ({ raw: JSON.stringify(value), json: true })),
    fc.string({ unit: 'grapheme', maxLength: 200 }).map((raw) => ({ raw, json: false })),
    fc.constant({ raw: JSON.stringify(example ?? {}), json: true }),
  );
}
