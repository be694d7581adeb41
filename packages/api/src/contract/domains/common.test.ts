import { describe, expect, it } from 'vitest';
import { TEXT_CONTROL_MESSAGE, idParam, longText, text, textOf, versionField, idField } from './common';
import { createClientBodySchema } from './clients';
import { createGenericNoteBodySchema } from './clientSessions';

const refused = (
  schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: string,
) => {
  const result = schema.safeParse(value);
  return !result.success && result.error!.issues.some((issue) => issue.message === TEXT_CONTROL_MESSAGE);
};

describe('the text rule', () => {
  const invisible = ['\u0000', '\u0001', '\u001B', '\u007F', '\u0085', '\u202A', '\u202E', '\u2066', '\u2069'];

  it.each(invisible.map((c) => [c.codePointAt(0)!.toString(16)]))(
    'given U+%s inside one line or several lines of text, then it is refused with the one message',
    (hex) => {
      const value = `before${String.fromCodePoint(parseInt(hex, 16))}after`;
      expect(refused(text(), value)).toBe(true);
      expect(refused(longText(), value)).toBe(true);
    },
  );

  it('given a tab or a line break, then one line refuses it and several lines keep it', () => {
    for (const value of ['a\tb', 'a\nb', 'a\r\nb']) {
      expect(refused(text(), value)).toBe(true);
      expect(longText().parse(value)).toBe(value);
    }
  });

  it('given ordinary text in any script, then it passes unchanged', () => {
    for (const value of ['Zoë O’Brien', 'مرحبا', '日本語', 'emoji 🙂', 'a\u200Db']) {
      expect(text().parse(value)).toBe(value);
    }
  });

  it('given a field longer than one line of a form, then it takes several lines', () => {
    expect(refused(textOf(200), 'a\nb')).toBe(true);
    expect(textOf(2000).parse('a\nb')).toBe('a\nb');
  });

  it('given a NUL in a client name or a note, then the contract answers the message on that field', () => {
    const client = createClientBodySchema.safeParse({ kind: 'individual', firstName: 'Ann\u0000', lastName: 'Lee' });
    expect(client.success).toBe(false);
    expect(client.error!.issues[0]).toMatchObject({ path: ['firstName'], message: TEXT_CONTROL_MESSAGE });
    const note = createGenericNoteBodySchema.safeParse({ title: 'T\u202Eitle', contentHtml: '<p>x</p>' });
    expect(note.success).toBe(false);
    expect(note.error!.issues.map((issue) => issue.message)).toContain(TEXT_CONTROL_MESSAGE);
  });
});

describe('ids', () => {
  it('given decimal digits, then the id is that number', () => {
    expect(idParam.parse('16')).toBe(16);
    expect(idParam.parse(16)).toBe(16);
  });

  it.each(['0x10', '1e1', ' 16', '16 ', '016', '16.0', '+16', '0b10', '0o20', ''])(
    'given %j, then it is not an id',
    (value) => {
      expect(idParam.safeParse(value).success).toBe(false);
    },
  );
});

describe('versionField', () => {
  it('given a version larger than a stored one can be (beyond a PostgreSQL integer), then it is refused with its message, never reaching the database', () => {
    const field = versionField('Reload and try again.');
    expect(field.safeParse(2_147_483_647).success).toBe(true);
    const tooLarge = field.safeParse(2_147_483_648);
    expect(tooLarge.success).toBe(false);
    expect(tooLarge.error?.issues[0]?.message).toBe('Reload and try again.');
    expect(field.safeParse(0).success).toBe(false);
    expect(versionField('Reload and try again.', 0).safeParse(0).success).toBe(true);
  });
});

describe('idField', () => {
  it('given a body id beyond a stored integer, zero or a fraction, then it is refused with the sentence that says what to choose', () => {
    const field = idField('Choose a template.');
    expect(field.safeParse(1).success).toBe(true);
    expect(field.safeParse(2_147_483_647).success).toBe(true);
    for (const bad of [0, -1, 1.5, 2_147_483_648, Number.MAX_SAFE_INTEGER, '7']) {
      const result = field.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Choose a template.');
    }
  });
});
