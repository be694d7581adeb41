import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp } from '../../test/app';
import { TEST_PASSWORD, bearer, lastLinkToken, memberOf, readOutbox, seedPractice, signIn } from '../../test/auth';

const NEW_PASSWORD = 'quiet-meadow-river-stone-7';

describe('registration and e-mail validation', () => {
  it('given a new practice, when registering, then the validation e-mail lands in the outbox and validating lets the Admin sign in', async () => {
    const t = await createTestApp();
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        practiceName: 'Willow Counselling',
        firstName: 'Ada',
        lastName: 'Brook',
        email: 'Ada@Example.com',
        password: NEW_PASSWORD,
      },
    });
    expect(register.statusCode, register.body).toBe(200);
    expect(register.json().detail).toContain('ada@example.com');
    const [mail] = readOutbox(t);
    expect(mail?.to).toContain('ada@example.com');
    expect(mail?.subject).toContain('Willow Counselling');
    expect(mail?.raw).toContain('text/html');
    expect(mail?.raw).toContain('text/plain');

    const early = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ada@example.com', password: NEW_PASSWORD },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().detail).toBe('Please confirm your e-mail address first. We have sent you a new link.');

    const token = lastLinkToken(t, 'ada@example.com');
    const validate = await t.app.inject({ method: 'POST', url: '/api/auth/validate-email', payload: { token } });
    expect(validate.statusCode, validate.body).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/validate-email', payload: { token } });
    expect(again.statusCode).toBe(400);

    const tokens = await signIn(t.app, 'ada@example.com', NEW_PASSWORD);
    const me = await t.app.inject({ method: 'GET', url: '/api/user-details', headers: bearer(tokens) });
    expect(me.json()).toMatchObject({ first_name: 'Ada', last_name: 'Brook', email: 'ada@example.com', role: 'Admin' });
  });

  describe("the practice's country and time zone (CATALOG.md /Register)", () => {
    const registration = {
      practiceName: 'Liffey Counselling',
      firstName: 'Niamh',
      lastName: 'Kelly',
      email: 'niamh@example.ie',
      password: NEW_PASSWORD,
    };

    async function practiceOf(t: Awaited<ReturnType<typeof createTestApp>>) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/validate-email',
        payload: { token: lastLinkToken(t, registration.email) },
      });
      const tokens = await signIn(t.app, registration.email, NEW_PASSWORD);
      const practice = await t.app.inject({ method: 'GET', url: '/api/settings/practice', headers: bearer(tokens) });
      return practice.json<{ country: string | null; timeZone: string; currency: string }>();
    }

    it.each([
      ['ie', 'Europe/Dublin', 'IE', 'EUR'],
      ['US', 'America/Chicago', 'US', 'USD'],
      ['GB', 'Europe/London', 'GB', 'GBP'],
    ])(
      "given country %s and a time zone, when registering, then the practice keeps the country code, that time zone and the country's currency",
      async (country, timeZone, code, currency) => {
        const t = await createTestApp();
        const register = await t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { ...registration, country, timeZone },
        });
        expect(register.statusCode, register.body).toBe(200);
        expect(await practiceOf(t)).toMatchObject({ country: code, timeZone, currency });
      },
    );

    it('given neither, when registering, then the practice has no country, the default time zone and the default currency', async () => {
      const t = await createTestApp();
      const register = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration });
      expect(register.statusCode, register.body).toBe(200);
      expect(await practiceOf(t)).toMatchObject({ country: null, timeZone: 'Europe/London', currency: 'GBP' });
    });

    it.each([
      [
        'an unknown time zone',
        { country: 'IE', timeZone: 'Europe/Atlantis' },
        'timeZone',
        'Choose a time zone from the list, such as Europe/London.',
      ],
      [
        'an unknown country',
        { country: 'XX', timeZone: 'Europe/Dublin' },
        'country',
        'Choose a country from the list, such as United Kingdom.',
      ],
    ])('given %s, then 400 names the field and nothing is created', async (_label, place, field, message) => {
      const t = await createTestApp();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...registration, ...place },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ detail: string; fields: Record<string, string> }>();
      expect(body.fields).toEqual({ [field]: message });
      expect(body.detail).toBe(`Please check the request. ${field}: ${message}`);
      expect(readOutbox(t)).toHaveLength(0);
    });
  });

  it('given an address that already has an account, then the answer is the same (no enumeration) and the owner is told', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const admin = memberOf(practice, 'Admin');
    const body = { practiceName: 'X', firstName: 'Y', lastName: 'Z', password: NEW_PASSWORD };
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, email: admin.email },
    });
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, email: 'nobody@example.org' },
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json<{ detail: string }>().detail.replace(admin.email, 'E')).toBe(
      fresh.json<{ detail: string }>().detail.replace('nobody@example.org', 'E'),
    );
    expect(readOutbox(t).find((m) => m.to.includes(admin.email))?.subject).toBe(
      'Someone tried to register with your e-mail address',
    );
  });

  it.each([
    ['short', 'too-short', 'Use at least 12 characters.'],
    ['long', 'x'.repeat(129), 'Use at most 128 characters.'],
    ['common', 'password1234', 'This password is on a list of commonly used passwords. Please choose another one.'],
    [
      'common with digits',
      'qwertyuiop123456',
      'This password is on a list of commonly used passwords. Please choose another one.',
    ],
  ])('given a %s password, then 400 with a message on the password field', async (_label, password, message) => {
    const t = await createTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { practiceName: 'P', firstName: 'A', lastName: 'B', email: 'a@example.com', password },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.password).toBe(message);
  });

  it('given an unknown field, then 400 (unknown fields are rejected)', async () => {
    const t = await createTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.com', password: 'x', role: 'Admin' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^Please check the request/);
  });
});

describe('login', () => {
  it('given a wrong password or an unknown e-mail, then the same 401 message', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: memberOf(practice, 'Therapist').email, password: 'not-the-password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ghost@example.com', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'The e-mail address or password is not correct.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('given a first sign-in from a device, then a new sign-in alert names the practice, the device and the time in its time zone', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const admin = memberOf(practice, 'Admin');
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0';
    await signIn(t.app, admin.email, TEST_PASSWORD, { 'user-agent': firefox });
    const alert = readOutbox(t).find((m) => m.subject.startsWith('New sign-in'));
    expect(alert?.subject).toBe(`New sign-in to ${practice.name} on Halcyon`);
    const text = alert?.text.replace(/\s+/g, ' ');
    // "Your account was signed in on Sunday 29 November at 02:26 (Europe/London) from Firefox on Linux (IP address ...)."
    expect(text).toMatch(
      /Your account was signed in on [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+( \d{4})? at \d{2}:\d{2} \(Europe\/London\) from Firefox on Linux \(IP address /,
    );
    expect(text).not.toContain('Gecko');
    await signIn(t.app, admin.email, TEST_PASSWORD, { 'user-agent': firefox });
    expect(readOutbox(t).filter((m) => m.subject.startsWith('New sign-in'))).toHaveLength(1);
  });

  it('given two server instances on one database, then failed logins on one count on the other (shared limits)', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const email = memberOf(practice, 'Therapist').email;
    const second = await buildApp({ config: t.config, database: t.database }, { logger: false });
    onTestFinished(() => second.close());
    for (let i = 0; i < 10; i += 1) {
      const app = i % 2 === 0 ? t.app : second;
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'nope' },
      });
      expect(response.statusCode).toBe(401);
    }
    for (const app of [t.app, second]) {
      const blocked = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: TEST_PASSWORD },
      });
      expect(blocked.statusCode).toBe(429);
    }
  });
});
