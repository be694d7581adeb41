/** The full weekday, day, month and year, and the time on a 24-hour clock: what e-mails and signed PDFs spell out. */
export const LONG_DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
