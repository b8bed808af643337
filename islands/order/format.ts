// Dates and times of an order on the establishment's wall clock, never the browser's. Intl does the
// zone arithmetic here, as the status label does (src/domain/time.ts wallClockMinuteOfWeek): the
// order page then needs no Temporal polyfill (tens of KB) just to print a date.

const formats = new Map<string, Intl.DateTimeFormat>();

function parts(iso: string, timeZone: string): Record<string, string> | null {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return null;
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const out: Record<string, string> = {};
  for (const p of format.formatToParts(ms)) out[p.type] = p.value;
  return out;
}

/** 'DD/MM/YYYY HH:mm:ss'. Example: `orderTimestamp('2025-01-03T21:04:05Z', 'America/Sao_Paulo') === '03/01/2025 18:04:05'` */
export function orderTimestamp(iso: string, timeZone: string): string {
  const p = parts(iso, timeZone);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}` : '';
}

/** 'DD/MM/YYYY'. */
export function zonedDate(iso: string, timeZone: string): string {
  const p = parts(iso, timeZone);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

/** 'HH:mm'. */
export function zonedTime(iso: string, timeZone: string): string {
  const p = parts(iso, timeZone);
  return p ? `${p.hour}:${p.minute}` : '';
}

/** 'DD/MM/YYYY HH:mm' (the order list). */
export function zonedDateTime(iso: string, timeZone: string): string {
  const p = parts(iso, timeZone);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : '';
}

/** An instant `minutes` after another, as ISO (for the estimated window). */
export function plusMinutes(iso: string, minutes: number): string {
  return new Date(Date.parse(iso) + minutes * 60_000).toISOString();
}
