import type { ClientSession } from '@halcyon/api/contract';
import { SESSION_STATUS_LABELS } from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The practice's time zone (CATALOG.md: every time shows in it); the browser's until it loads or for an Assistant. */
export function usePracticeZone(): string {
  return useRoute('getPracticeSettings').data?.time_zone ?? browserZone();
}

function safe(options: Intl.DateTimeFormatOptions, timeZone: string, date: Date): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-GB', options).format(date);
  }
}

/** "Mon 12 Jan 2026, 10:00" in the practice's time zone. */
export function formatWhen(iso: string, timeZone: string): string {
  return safe(
    { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
    timeZone,
    new Date(iso),
  );
}

/** "Mon 12 Jan 2026, 10:00 · Individual therapy · Attended". */
export function describeSession(session: ClientSession, timeZone: string): string {
  return [formatWhen(session.startsAt, timeZone), session.serviceName, SESSION_STATUS_LABELS[session.status]].join(
    ' · ',
  );
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function wallOf(instant: number, timeZone: string): Wall {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month') - 1, day: get('day'), hour: get('hour') % 24, minute: get('minute') };
}

/** The ISO instant of a local date (`YYYY-MM-DD`) and time (`HH:mm`) in `timeZone`; null when either is missing. */
export function instantFromLocal(date: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  const offset = (instant: number) => {
    const w = wallOf(instant, timeZone);
    return Date.UTC(w.year, w.month, w.day, w.hour, w.minute) - Math.floor(instant / 60_000) * 60_000;
  };
  let instant = wall - offset(wall);
  instant = wall - offset(instant);
  return new Date(instant).toISOString();
}

/** The local date (`YYYY-MM-DD`) and time (`HH:mm`) of an instant in `timeZone`. */
export function localOf(iso: string, timeZone: string): { date: string; time: string } {
  const w = wallOf(new Date(iso).getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: `${w.year}-${pad(w.month + 1)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}

/** Today's local date in `timeZone`. */
export function todayIn(timeZone: string): string {
  return localOf(new Date().toISOString(), timeZone).date;
}
