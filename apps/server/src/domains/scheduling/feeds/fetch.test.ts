import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALENDAR_FEED_MESSAGES } from '@halcyon/api/contract';
import { CalendarImportError, fetchPublicCalendar, isBlockedAddress, resolver } from './fetch';

async function refusal(url: string): Promise<string> {
  try {
    await fetchPublicCalendar(url, { maxBytes: 1024, timeoutSeconds: 5, maxRedirects: 1 });
  } catch (error) {
    if (error instanceof CalendarImportError) return error.detail;
    throw error;
  }
  throw new Error(`${url} was fetched`);
}

afterEach(() => vi.restoreAllMocks());

describe('the SSRF guard of external calendar imports', () => {
  it('given addresses of this host, private networks, link-local (cloud metadata) and their IPv6 forms, then each is refused before any request', async () => {
    for (const url of [
      'https://127.0.0.1/calendar.ics',
      'https://10.1.2.3/calendar.ics',
      'https://172.20.0.1/calendar.ics',
      'https://192.168.1.10/calendar.ics',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/calendar.ics',
      'https://0.0.0.0/calendar.ics',
      'https://[::1]/calendar.ics',
      'https://[fd00::1]/calendar.ics',
      'https://[fe80::1]/calendar.ics',
      'https://[::ffff:127.0.0.1]/calendar.ics',
      'https://localhost/calendar.ics',
      'https://calendar.localhost/calendar.ics',
    ]) {
      expect(await refusal(url), url).toBe(CALENDAR_FEED_MESSAGES.urlPrivate);
    }
  });

  it('given an address that is not https, or carries a user name, then it is refused as not a calendar address', async () => {
    for (const url of [
      'http://calendar.example.org/a.ics',
      'ftp://calendar.example.org/a.ics',
      'https://me:pw@calendar.example.org/a.ics',
      'not a url',
    ]) {
      expect(await refusal(url), url).toBe(CALENDAR_FEED_MESSAGES.urlInvalid);
    }
  });

  it('given a host name that resolves to a private address (DNS rebinding too), then the connection is refused as it is made', async () => {
    const lookup = vi.spyOn(resolver, 'lookupAll').mockResolvedValue([{ address: '10.0.0.5', family: 4 }]);
    expect(await refusal('https://calendar.example.org/a.ics')).toBe(CALENDAR_FEED_MESSAGES.urlPrivate);
    expect(lookup).toHaveBeenCalled();
  });

  it('given public addresses, then they are not blocked', () => {
    expect(isBlockedAddress('142.250.187.206')).toBe(false);
    expect(isBlockedAddress('2a00:1450:4009:81f::200e')).toBe(false);
    expect(isBlockedAddress('127.0.0.1')).toBe(true);
    expect(isBlockedAddress('not an address')).toBe(true);
  });
});
