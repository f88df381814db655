import { describe, expect, it } from 'vitest';
import { daysIncluded, exportRangeProblem, monthStart, shopDay, shopTime, shopToday } from './shop-days.ts';

describe('shop days', () => {
  it('say which day it is where the shop is, not where the computer is', () => {
    const lateEvening = new Date('2026-11-30T23:30:00Z');
    expect(shopToday('Europe/Dublin', lateEvening)).toBe('2026-11-30');
    expect(shopToday('Europe/Berlin', lateEvening)).toBe('2026-12-01');
    expect(shopToday('America/New_York', lateEvening)).toBe('2026-11-30');
  });

  it('find the first of the month and count days with both ends included', () => {
    expect(monthStart('2026-11-27')).toBe('2026-11-01');
    expect(daysIncluded('2026-11-27', '2026-11-27')).toBe(1);
    // Across the end of summer time: still whole days.
    expect(daysIncluded('2026-10-01', '2026-10-31')).toBe(31);
    expect(daysIncluded('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('say why an export range cannot be asked for before asking', () => {
    expect(exportRangeProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(exportRangeProblem('2025-01-01', '2026-01-02')).toBe('That is 367 days: export at most 366 days (a year) at a time.');
    expect(exportRangeProblem('2026-11-27', '2026-11-01')).toBe('The last day is before the first: swap them.');
    expect(exportRangeProblem('', '2026-11-01')).toBe('Choose the first and the last day to export.');
  });

  it('show a moment at the shop’s clock, the same on every computer', () => {
    // 00:30 UTC on 28 November is still the 27th in New York, and 13:30 in Auckland.
    expect(shopTime('2026-11-28T00:30:00Z', 'Europe/Dublin')).toBe('28 Nov 2026, 00:30');
    expect(shopTime('2026-11-28T00:30:00Z', 'America/New_York')).toBe('27 Nov 2026, 19:30');
    expect(shopTime('2026-11-28T00:30:00Z', 'Pacific/Auckland')).toBe('28 Nov 2026, 13:30');
    expect(shopDay('2026-11-28T00:30:00Z', 'America/New_York')).toBe('27 Nov 2026');
  });
});
