import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { CALENDAR_FEED_MESSAGES, EXTERNAL_CALENDAR_LIMITS } from '@halcyon/api/contract';

/** Why a calendar could not be fetched or read, in the words the page shows (CALENDAR_FEED_MESSAGES). */
export class CalendarImportError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'CalendarImportError';
  }
}

/**
 * Addresses Halcyon never fetches from (SSRF guard): this host, private and shared networks, link-local (cloud metadata at
 * 169.254.169.254), documentation, benchmarking, multicast and reserved ranges, and their IPv6 counterparts (unique local,
 * link-local, IPv4-mapped and the NAT64 and 6to4 forms that can carry a private IPv4 address).
 */
const BLOCKED = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(prefix, bits, 'ipv6');
}

/** Is this IP address one Halcyon must not connect to? */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class BlockedAddress extends Error {
  readonly code = 'EBLOCKEDADDRESS';
}

/** How host names are resolved: one object, so a test can make a host resolve to a private address. */
export const resolver = {
  lookupAll: (hostname: string): Promise<dns.LookupAddress[]> => dns.promises.lookup(hostname, { all: true }),
};

/**
 * A DNS lookup for the outgoing connection that refuses a host when any of its addresses is blocked. It runs as the
 * socket connects, so the address checked is the address used (a host that resolves to a public address for a check
 * and a private one for the fetch, DNS rebinding, gets nowhere).
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  resolver.lookupAll(hostname).then(
    (list) => {
      if (list.length === 0 || list.some((entry) => isBlockedAddress(entry.address))) {
        return callback(new BlockedAddress(`${hostname} resolves to a blocked address`), '', 0);
      }
      if (options.all) return callback(null, list);
      const first = list[0]!;
      return callback(null, first.address, first.family);
    },
    (error: NodeJS.ErrnoException) => callback(error, '', 0),
  );
};

/** The host of a URL as a connection uses it: IPv6 literals without their brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Checks an external calendar's address before anything is fetched: https only, no user name or password in it, and a
 * literal IP address only when it is public (a host name is checked as it is resolved, by the guarded lookup).
 */
export function assertFetchableUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CalendarImportError(CALENDAR_FEED_MESSAGES.urlInvalid);
  }
  if (url.protocol !== 'https:' || url.username || url.password) {
    throw new CalendarImportError(CALENDAR_FEED_MESSAGES.urlInvalid);
  }
  const host = hostOf(url);
  if (net.isIP(host) !== 0 ? isBlockedAddress(host) : host === 'localhost' || host.endsWith('.localhost')) {
    throw new CalendarImportError(CALENDAR_FEED_MESSAGES.urlPrivate);
  }
  return url;
}

interface Answer {
  status: number;
  location: string | null;
  body: string;
}

function requestOnce(url: URL, signal: AbortSignal, maxBytes: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.get(
      url,
      {
        lookup: guardedLookup,
        signal,
        headers: { accept: 'text/calendar, text/plain;q=0.5', 'user-agent': 'Halcyon-Calendar-Import/1.0' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          return resolve({ status, location: response.headers.location ?? null, body: '' });
        }
        if (status < 200 || status >= 300) {
          response.resume();
          return resolve({ status, location: null, body: '' });
        }
        if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
          response.destroy();
          return reject(new CalendarImportError(CALENDAR_FEED_MESSAGES.fileTooLarge));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new CalendarImportError(CALENDAR_FEED_MESSAGES.fileTooLarge));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, location: null, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** The page's sentence for a failed connection. */
function describe(error: unknown, signal: AbortSignal): CalendarImportError {
  if (error instanceof CalendarImportError) return error;
  if (signal.aborted) return new CalendarImportError(CALENDAR_FEED_MESSAGES.urlTimeout);
  if (error instanceof BlockedAddress) return new CalendarImportError(CALENDAR_FEED_MESSAGES.urlPrivate);
  return new CalendarImportError(CALENDAR_FEED_MESSAGES.urlUnreachable);
}

export interface FetchLimits {
  maxBytes: number;
  timeoutSeconds: number;
  maxRedirects: number;
}

/**
 * Fetches an external calendar's file: https only, public hosts only (every redirect checked again), at most `maxBytes`,
 * all within `timeoutSeconds`. Any failure is a CalendarImportError whose detail the page shows.
 */
export async function fetchPublicCalendar(
  address: string,
  limits: FetchLimits = EXTERNAL_CALENDAR_LIMITS,
): Promise<string> {
  const signal = AbortSignal.timeout(limits.timeoutSeconds * 1000);
  let url = assertFetchableUrl(address);
  for (let hop = 0; hop <= limits.maxRedirects; hop += 1) {
    let answer: Answer;
    try {
      answer = await requestOnce(url, signal, limits.maxBytes);
    } catch (error) {
      throw describe(error, signal);
    }
    if (answer.status >= 300 && answer.status < 400) {
      if (!answer.location) throw new CalendarImportError(CALENDAR_FEED_MESSAGES.urlStatus(answer.status));
      url = assertFetchableUrl(new URL(answer.location, url).toString());
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new CalendarImportError(CALENDAR_FEED_MESSAGES.urlStatus(answer.status));
    }
    return answer.body;
  }
  throw new CalendarImportError(CALENDAR_FEED_MESSAGES.tooManyRedirects);
}

/**
 * How the importer reaches the network: one object, so a test replaces `fetch` with a fixture (the SSRF guard is tested
 * on its own, without the network).
 */
export const calendarHttp = { fetch: fetchPublicCalendar };
