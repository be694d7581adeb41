import crypto from 'node:crypto';
import { z } from 'zod';
import {
  INT_MAX,
  createAppointmentBodySchema,
  createClientBodySchema,
  createEmailTemplateBodySchema,
  createFormTemplateBodySchema,
  diaryEventIdParam,
  moveDiaryEventBodySchema,
  updateEmailTemplateBodySchema,
  updateFormTemplateBodySchema,
} from '@halcyon/api/contract';

/** The parts of JSON Schema that zod emits and the example maker reads. */
interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

const STRING_CANDIDATES = ['Example text', '2026-01-15', '09:00', 'GBP', 'abc', 'A1', '1', 'x'];

function exampleString(s: JsonSchema): string {
  switch (s.format) {
    case 'email':
      return 'walk@example.com';
    case 'uuid':
      return crypto.randomUUID();
    case 'date-time':
      return new Date('2026-01-15T09:00:00.000Z').toISOString();
    case 'date':
      return '2026-01-15';
    case 'time':
      return '09:00:00';
    case 'uri':
    case 'url':
      return 'https://example.com/';
    default:
      break;
  }
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 10_000;
  if (s.pattern) {
    const pattern = new RegExp(s.pattern);
    const found = STRING_CANDIDATES.find((c) => pattern.test(c) && c.length >= min && c.length <= max);
    if (found) return found;
  }
  let value = 'Example text';
  while (value.length < min) value += ' more';
  return value.slice(0, Math.max(min, Math.min(max, value.length)));
}

function exampleNumber(s: JsonSchema, integer: boolean): number {
  let value = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
  if (s.maximum !== undefined && value > s.maximum) value = s.maximum;
  if (s.exclusiveMaximum !== undefined && value >= s.exclusiveMaximum) value = s.exclusiveMaximum - 1;
  if (s.multipleOf) value = Math.ceil(value / s.multipleOf) * s.multipleOf;
  return integer ? Math.ceil(value) : value;
}

/** A plain value that satisfies a JSON Schema: required properties only, the smallest sizes, the first enum value. */
export function exampleFromJsonSchema(s: JsonSchema): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const options = s.anyOf ?? s.oneOf;
  if (options) {
    const first = options.find((o) => o.type !== 'null') ?? options[0];
    return first ? exampleFromJsonSchema(first) : null;
  }
  if (s.allOf) {
    return Object.assign({}, ...s.allOf.map((part) => exampleFromJsonSchema(part) as object)) as unknown;
  }
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? s.type[0]) : s.type;
  switch (type) {
    case 'string':
      return exampleString(s);
    case 'integer':
      return exampleNumber(s, true);
    case 'number':
      return exampleNumber(s, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => exampleFromJsonSchema(s.items ?? {}));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = exampleFromJsonSchema(s.properties?.[key] ?? {});
      return out;
    }
    default:
      return 'Example text';
  }
}

/**
 * A value the zod schema accepts, made from its JSON Schema: required fields only, then (if that fails) every field.
 * Answers undefined when no simple example passes (a refinement, say); callers then supply one by hand.
 */
/**
 * Hand-made examples for schemas whose made-up example would mislead the tenant walk. A client created in the intruder's
 * practice takes small ids (1, 2, ...) that the walk then aims at the owner's records and finds answered; a therapist who
 * is nobody keeps the body valid to the contract, and the server refuses it (400) without creating anything.
 */
const EXAMPLE_SPAN = { startsAt: '2026-01-15T09:00:00.000Z', endsAt: '2026-01-15T10:00:00.000Z' };
const EXAMPLE_FORM_TEMPLATE = {
  name: 'Example text',
  templateCategory: 'intake',
  usageContext: 'onboarding',
  definition: {
    sections: [{ key: 'a', title: 'Example text', fields: [{ key: 'b', type: 'text', label: 'Example text' }] }],
  },
};
const EXAMPLE_EMAIL_TEMPLATE = { usageContext: 'invoice', subject: 'Example text', body: 'Example text' };
const HAND_MADE = new Map<z.ZodType, unknown>([
  [createClientBodySchema, { firstName: 'Example text', lastName: 'Example text', therapistId: INT_MAX }],
  // A diary event's id names its kind (`session-12`): one that no practice has. A booking ends after it starts (the
  // body's own rule) and names a therapist who is nobody, so the server refuses it without booking anything.
  [diaryEventIdParam, `session-${INT_MAX}`],
  [createAppointmentBodySchema, { kind: 'appointment', title: 'Example text', ...EXAMPLE_SPAN, therapistId: INT_MAX }],
  [moveDiaryEventBodySchema, { ...EXAMPLE_SPAN, version: 1 }],
  // A form's definition and an e-mail's merge fields are checked by refinements the JSON Schema cannot carry.
  [createFormTemplateBodySchema, EXAMPLE_FORM_TEMPLATE],
  [updateFormTemplateBodySchema, { ...EXAMPLE_FORM_TEMPLATE, version: 1 }],
  [createEmailTemplateBodySchema, EXAMPLE_EMAIL_TEMPLATE],
  [updateEmailTemplateBodySchema, { ...EXAMPLE_EMAIL_TEMPLATE, version: 1 }],
]);

export function exampleFor(schema: z.ZodType): unknown {
  if (HAND_MADE.has(schema)) return HAND_MADE.get(schema);
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
  const minimal = exampleFromJsonSchema(json);
  if (schema.safeParse(minimal).success) return minimal;
  if (json.type === 'object' && json.properties) {
    const full = exampleFromJsonSchema({ ...json, required: Object.keys(json.properties) });
    if (schema.safeParse(full).success) return full;
  }
  return undefined;
}
