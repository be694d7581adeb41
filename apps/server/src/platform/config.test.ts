import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { resolveJwtSecret } from './auth/secret';

describe('loadConfig', () => {
  it('given no variables, then uses the defaults: port 3000, ./data, embedded database', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.NODE_ENV).toBe('development');
  });

  it('given no payment provider, then the sandbox; given stripe without its keys, then start-up is refused', () => {
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('sandbox');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set when PAYMENT_PROVIDER is stripe.',
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow('PAYMENT_PROVIDER must be sandbox or stripe');
    const stripe = loadConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    });
    expect(stripe.PAYMENT_PROVIDER).toBe('stripe');
  });

  it('given PORT=abc, then throws one line naming PORT and what to fix', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc").',
    );
  });

  it.each([
    ['PORT', '70000', 'PORT must be a whole number from 1 to 65535'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL must be a postgres:// or postgresql:// connection URL'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of'],
    ['NODE_ENV', 'staging', 'NODE_ENV must be development, production or test'],
    ['HALCYON_DEMO', 'maybe', 'HALCYON_DEMO must be true or false'],
  ])('given %s=%s, then the message names the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('given an empty value, then treats it as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(3000);
  });
});

describe('the token-signing secret (issue 3: production refuses a default secret)', () => {
  it.each(['changeme', 'secret', 'your-256-bit-secret', 'supersecret', 'halcyon', 'jwt_secret'])(
    'given NODE_ENV=production and JWT_SECRET=%s, then start-up is refused with a message saying what to do',
    (secret) => {
      expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(/well-known example value/);
    },
  );

  it('given a short or repetitive secret, then start-up is refused', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'k8#Lq2!v' })).toThrow(/at least 32 characters/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'ab'.repeat(30) })).toThrow(/repeats too few/);
  });

  it('given a long random secret, then it is used as is', () => {
    const secret = crypto.randomBytes(48).toString('base64url');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).JWT_SECRET).toBe(secret);
    expect(
      Buffer.from(
        resolveJwtSecret({ JWT_SECRET: secret, DATA_DIR: '/nonexistent', NODE_ENV: 'production' }),
      ).toString(),
    ).toBe(secret);
  });

  it('given production without JWT_SECRET, then a random secret is made once in DATA_DIR/jwt-secret (0600) and reused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'halcyon-secret-'));
    try {
      const first = resolveJwtSecret({ JWT_SECRET: undefined, DATA_DIR: dir, NODE_ENV: 'production' });
      const second = resolveJwtSecret({ JWT_SECRET: undefined, DATA_DIR: dir, NODE_ENV: 'production' });
      expect(Buffer.from(first).toString()).toBe(Buffer.from(second).toString());
      expect(first.length).toBeGreaterThanOrEqual(48);
      expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('TRUST_PROXY', () => {
  it('given nothing, then no proxy is trusted; given true or a list, then that', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});

describe('several instances on one PostgreSQL (issue 12)', () => {
  it('given DATABASE_URL without JWT_SECRET, then refuses to start, naming JWT_SECRET', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db.example/halcyon', NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET must be set when DATABASE_URL is set/,
    );
    const secret = crypto.randomBytes(48).toString('base64url');
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db.example/halcyon', NODE_ENV: 'production', JWT_SECRET: secret })
        .JWT_SECRET,
    ).toBe(secret);
  });
});
