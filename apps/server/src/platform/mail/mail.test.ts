import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailTransport, type MailMessage } from './index';
import { DirectMailer } from './mailer';
import { mailTemplates, type PracticeBrand } from './templates';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function outbox() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'halcyon-mail-'));
  dirs.push(dataDir);
  const lines: string[] = [];
  const transport = createMailTransport(
    { DATA_DIR: dataDir, MAIL_FROM: 'Halcyon <no-reply@halcyon.local>', SMTP_URL: undefined },
    { info: (_obj: unknown, message?: string) => void lines.push(String(message)) } as never,
  );
  const files = () =>
    fs.existsSync(path.join(dataDir, 'outbox'))
      ? fs.readdirSync(path.join(dataDir, 'outbox')).map((name) => path.join(dataDir, 'outbox', name))
      : [];
  return { transport, lines, files };
}

/** The decoded text of an .eml (quoted-printable soft breaks joined). */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
    .replace(/=E2=80=94/g, '—');

const brand: PracticeBrand = { name: 'Willow Counselling', logoUrl: 'https://willow.example/logo.png' };
const templates: [string, MailMessage][] = [
  [
    'validation',
    mailTemplates.validation(brand, 'ada@example.com', 'Ada', 'https://h.example/Register/Validate-email/t1'),
  ],
  ['reset', mailTemplates.reset(brand, 'ada@example.com', 'Ada', 'https://h.example/Register/Reset-password/t2')],
  [
    'invitation',
    mailTemplates.invitation(brand, 'sam@example.com', 'Ada Brook', 'Assistant', 'https://h.example/Invite/t3'),
  ],
  ['e-mail change', mailTemplates.emailChange(brand, 'new@example.com', 'Ada', 'https://h.example/Confirm-email/t4')],
  [
    'new sign-in',
    mailTemplates.newSignIn(
      brand,
      'ada@example.com',
      'Ada',
      'Sunday 22 November at 09:30 (Europe/London)',
      'Firefox on Linux',
      '203.0.113.9',
    ),
  ],
];

describe('e-mail', () => {
  it.each(templates)(
    'given the %s message, when sent without SMTP_URL, then an .eml with a plain-text and an HTML part, the practice name and logo lands in the outbox',
    async (_name, message) => {
      const { transport, lines, files } = outbox();
      expect(transport.kind).toBe('outbox');
      await transport.deliver(message);
      const [file] = files();
      expect(file).toMatch(/\.eml$/);
      expect(lines).toEqual([`e-mail "${message.subject}" written to ${file}`]);
      const raw = fs.readFileSync(file!, 'utf8');
      expect(raw).toMatch(/Content-Type: multipart\/alternative/);
      expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
      expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
      expect(raw).toContain(`To: ${message.to}`);
      const body = decoded(raw);
      const [textPart, htmlPart] = body.split(/Content-Type: text\/html/);
      expect(textPart).toContain('Willow Counselling');
      expect(htmlPart).toContain('<strong style="font-size:18px">Willow Counselling</strong>');
      expect(htmlPart).toContain('<img src="https://willow.example/logo.png"');
      expect(fs.statSync(file!).mode & 0o077).toBe(0);
    },
  );

  it('given a practice name with markup, then the HTML part escapes it', () => {
    const message = mailTemplates.validation({ name: '<b>Evil</b> & Co', logoUrl: null }, 'a@b.c', 'A', 'https://x/y');
    expect(message.html).toContain('&lt;b&gt;Evil&lt;/b&gt; &amp; Co');
    expect(message.html).not.toContain('<img');
    expect(message.text).toContain('<b>Evil</b> & Co');
  });

  it('given SMTP_URL, then real delivery is used instead of the outbox', () => {
    const transport = createMailTransport(
      { DATA_DIR: os.tmpdir(), MAIL_FROM: 'Halcyon <no-reply@halcyon.local>', SMTP_URL: 'smtp://127.0.0.1:2525' },
      { info: () => undefined } as never,
    );
    expect(transport.kind).toBe('smtp');
    transport.close();
  });

  it('given a transport that fails twice, when sent directly (no job queue), then it is retried and delivered once', async () => {
    let attempts = 0;
    const sent: MailMessage[] = [];
    const mailer = new DirectMailer(
      {
        kind: 'smtp',
        deliver: (message) => {
          attempts += 1;
          if (attempts < 3) return Promise.reject(new Error('421 try later'));
          sent.push(message);
          return Promise.resolve();
        },
        close: () => undefined,
      },
      { error: () => undefined } as never,
      1,
    );
    await mailer.send(templates[0]![1]);
    expect(attempts).toBe(3);
    expect(sent).toHaveLength(1);
  });
});
