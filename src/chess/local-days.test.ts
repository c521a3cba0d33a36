import { describe, expect, test } from 'vitest';
import {
  addDays,
  bucketOf,
  isTimeZone,
  localDate,
  localDayBounds,
  mondayOf,
  startOfLocalDate,
  weekday,
} from './local-days';

describe('local days', () => {
  test.each([
    ['UTC', true],
    ['Europe/Berlin', true],
    ['America/New_York', true],
    ['Asia/Kathmandu', true],
    ['Mars/Olympus', false],
    ['', false],
    ['not a zone', false],
  ])('%s is a time zone: %s', (name, known) => {
    expect(isTimeZone(name)).toBe(known);
  });

  test.each([
    ['2026-03-01T23:30:00Z', 'Europe/Berlin', '2026-03-02'],
    ['2026-03-01T23:30:00Z', 'UTC', '2026-03-01'],
    ['2026-03-02T04:59:59Z', 'America/New_York', '2026-03-01'],
    ['2026-03-02T05:00:00Z', 'America/New_York', '2026-03-02'],
    ['2026-03-01T18:14:59Z', 'Asia/Kathmandu', '2026-03-01'],
    ['2026-03-01T18:15:00Z', 'Asia/Kathmandu', '2026-03-02'],
  ])('%s in %s is on %s', (instant, zone, date) => {
    expect(localDate(new Date(instant), zone)).toBe(date);
  });

  test.each([
    ['2026-03-02', 'Europe/Berlin', '2026-03-01T23:00:00.000Z'],
    ['2026-07-02', 'Europe/Berlin', '2026-07-01T22:00:00.000Z'],
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z'],
    ['2026-03-09', 'America/New_York', '2026-03-09T04:00:00.000Z'],
    ['2026-03-02', 'Asia/Kathmandu', '2026-03-01T18:15:00.000Z'],
    ['2026-03-02', 'UTC', '2026-03-02T00:00:00.000Z'],
    // Santiago skips from 23:59:59 to 01:00 on 2026-09-06 (tz database): the day starts at 01:00 local.
    ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
  ])('%s starts in %s at %s', (date, zone, start) => {
    expect(startOfLocalDate(date, zone).toISOString()).toBe(start);
  });

  test('a day across the spring change lasts 23 hours', () => {
    const [a, b] = localDayBounds('2026-03-29', 1, 'Europe/Berlin');
    expect(b.getTime() - a.getTime()).toBe(23 * 3_600_000);
  });

  test('calendar steps, weekdays and Mondays', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(weekday('2026-11-23')).toBe(0);
    expect(weekday('2026-11-29')).toBe(6);
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
  });

  test('buckets number as width_bucket numbers them, a bound belonging to the bucket it opens', () => {
    const bounds = localDayBounds('2026-03-01', 2, 'UTC');
    expect(bucketOf(new Date('2026-02-28T23:59:59Z'), bounds)).toBe(0);
    expect(bucketOf(new Date('2026-03-01T00:00:00Z'), bounds)).toBe(1);
    expect(bucketOf(new Date('2026-03-02T00:00:00Z'), bounds)).toBe(2);
    expect(bucketOf(new Date('2026-03-03T00:00:00Z'), bounds)).toBe(3);
  });
});
