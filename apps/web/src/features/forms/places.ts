import { COUNTRY_CODES, countryName, DEFAULT_TIME_ZONE, isCountryCode, isTimeZone } from '@halcyon/api/contract';
import type { SelectOption } from '@halcyon/design-system';
import { localTimeZone } from '@halcyon/api/time';

type SupportedValuesOf = (key: 'timeZone' | 'currency') => string[];
/** `Intl.supportedValuesOf`, where the browser has it. */
export const supportedValuesOf = (Intl as { supportedValuesOf?: SupportedValuesOf }).supportedValuesOf;

/**
 * Zones the browser still names by an old spelling (ICU keeps CLDR's ids), by the name the IANA database, and the
 * people who live there, use today: someone in Kolkata types "kolkata", not "calcutta". Both names are the same zone
 * to every runtime, the server's included.
 */
const CURRENT_ZONE_NAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Godthab': 'America/Nuuk',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** A zone by its name of today ("Asia/Calcutta" -> "Asia/Kolkata"); any other zone as it is. */
export const currentZoneName = (zone: string): string => CURRENT_ZONE_NAMES[zone] ?? zone;

/**
 * Every IANA time zone the browser knows (Intl.supportedValuesOf) by its name of today, with UTC, and the saved one
 * even if unknown here.
 */
export function timeZoneOptions(current: string): SelectOption[] {
  const zones = new Set((supportedValuesOf?.('timeZone') ?? [DEFAULT_TIME_ZONE]).map(currentZoneName));
  zones.add('UTC');
  if (current) zones.add(currentZoneName(current));
  return [...zones].sort((a, b) => a.localeCompare(b)).map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

type LocaleWithZones = Intl.Locale & { getTimeZones?: () => string[]; timeZones?: string[] };

/** The IANA zones of a country, where the browser can tell (`Intl.Locale`'s time zones); null where it cannot. */
export function zonesOfCountry(country: string): readonly string[] | null {
  try {
    const locale = new Intl.Locale(`und-${country}`) as LocaleWithZones;
    return (locale.getTimeZones?.() ?? locale.timeZones)?.map(currentZoneName) ?? null;
  } catch {
    return null;
  }
}

/**
 * The zone to move to when the country changes: the country's only zone (Ireland: Europe/Dublin) when the chosen zone
 * is not in it; null when it is, when the country has several (the person chooses), or when the browser cannot tell.
 */
export function zoneForCountry(country: string, current: string): string | null {
  const zones = country ? zonesOfCountry(country) : null;
  if (!zones || zones.length !== 1 || zones.includes(currentZoneName(current))) return null;
  return zones[0] ?? null;
}

/** The browser's own time zone (by its name of today), if the server accepts it; else Halcyon's default (Europe/London). */
export function browserTimeZone(): string {
  const zone = localTimeZone();
  return zone && isTimeZone(zone) ? currentZoneName(zone) : DEFAULT_TIME_ZONE;
}

/** Every country (ISO 3166-1 alpha-2 code) by its English name, in alphabetical order. */
export function countryOptions(): SelectOption[] {
  return COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) =>
    a.label.localeCompare(b.label, 'en-GB'),
  );
}

/** The country of the browser's language ("en-IE" -> IE, "fr" -> FR), or '' when it names none. */
export function browserCountry(language: string | undefined = globalThis.navigator?.language): string {
  if (!language) return '';
  try {
    const region = new Intl.Locale(language).maximize().region ?? '';
    return isCountryCode(region) ? region : '';
  } catch {
    return '';
  }
}
