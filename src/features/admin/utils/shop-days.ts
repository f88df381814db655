/**
 * The shop's days (store_profile.time_zone): a filter's or an export's dates are days where the
 * shop is, whatever the clock of the computer staff use. Days are YYYY-MM-DD text, as
 * `<input type="date">` and the database write them.
 */

/** The day it is at `now` in `timeZone` (an IANA name such as Europe/Dublin). */
export function shopToday(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The first day of the month `day` is in. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** How many days from `from` to `to`, both included (1 for a single day). */
export function daysIncluded(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** orders_export answers at most this many days at a time. */
export const MAX_EXPORT_DAYS = 366;

/** Why an export of these days cannot be asked for, or null when it can. */
export function exportRangeProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Choose the first and the last day to export.';
  if (from > to) return 'The last day is before the first: swap them.';
  const days = daysIncluded(from, to);
  if (days > MAX_EXPORT_DAYS) return `That is ${days} days: export at most ${MAX_EXPORT_DAYS} days (a year) at a time.`;
  return null;
}

/**
 * A moment as staff read it: "27 Nov 2026, 11:46" in the shop's time zone, like the lists, filters
 * and export, so the same order shows the same time on every admin page whatever the computer's
 * clock. Until the shop's zone has loaded (undefined) the computer's own is used.
 */
export function shopTime(at: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(at));
}

/** The day of a moment where the shop is: "27 Nov 2026". */
export function shopDay(at: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeZone }).format(new Date(at));
}
