import { describe, it, expect } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  Temporal,
  addDaysToInstant,
  establishmentTimeZone,
  hhmmToMinutes,
  isoDayToWday,
  minuteOfWeek,
  minutesToHHMM,
  wdayToIsoDay,
  zonedAt,
} from '../../src/domain/time.ts';

describe('time helpers', () => {
  it('maps Temporal weekdays to wday with 1 = Sunday [R-3.34]', () => {
    expect(isoDayToWday(7)).toBe(1);
    expect(isoDayToWday(1)).toBe(2);
    expect(isoDayToWday(6)).toBe(7);
    for (let wday = 1; wday <= 7; wday++) expect(isoDayToWday(wdayToIsoDay(wday))).toBe(wday);
  });

  it('converts HHMM to minutes and back [R-3.35]', () => {
    expect(hhmmToMinutes(1830)).toBe(1110);
    expect(hhmmToMinutes(2400)).toBe(1440);
    expect(minutesToHHMM(1110)).toBe(1830);
    expect(minutesToHHMM(1440 + 120)).toBe(200);
    expect(() => hhmmToMinutes(2401)).toThrow(RangeError);
    expect(() => hhmmToMinutes(-100)).toThrow(RangeError);
  });

  it('reads the wall clock of the establishment time zone', () => {
    expect(DEFAULT_TIME_ZONE).toBe('America/Sao_Paulo');
    const zdt = zonedAt(Temporal.Instant.from('2025-01-03T21:00:00Z'), DEFAULT_TIME_ZONE);
    expect([zdt.hour, zdt.dayOfWeek]).toEqual([18, 5]);
    expect(minuteOfWeek(zdt)).toBe(5 * 1440 + 18 * 60);
  });

  it('adds whole 24-hour days to an instant', () => {
    expect(addDaysToInstant(Temporal.Instant.from('2025-06-10T12:00:00Z'), 7).toString()).toBe('2025-06-17T12:00:00Z');
  });

  it('runs an establishment without a zone on the default zone, one with its own on that', () => {
    for (const missing of ['', null, undefined]) expect(establishmentTimeZone(missing)).toBe(DEFAULT_TIME_ZONE);
    expect(establishmentTimeZone('America/Manaus')).toBe('America/Manaus');
  });
});
