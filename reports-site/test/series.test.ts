import { describe, expect, it } from 'vitest';
import { seriesUrl } from '../src/data/paths';
import { changePoints, percentChange, shiftSize, times, type Series, type SeriesRun } from '../src/views/series';

const run = (key: string, startedAt: string, extra: Partial<SeriesRun> = {}): SeriesRun => ({
  key,
  startedAt,
  verdict: 'OK',
  used: true,
  values: {},
  ...extra,
});

describe('series view', () => {
  it('keeps runs started in the same second apart, so every run is a point of its own', () => {
    const xs = times([
      run('a/b/1', '2026-10-01T02:00:00Z'),
      run('a/b/2', '2026-10-01T02:00:00Z'),
      run('a/b/3', 'not a time'),
      run('a/b/4', '2026-10-02T02:00:00Z'),
    ]);
    expect(xs[0]).toBe(Date.parse('2026-10-01T02:00:00Z') / 1000);
    expect(xs[1]).toBeCloseTo(xs[0] + 0.001, 6);
    expect(xs[2]).toBeCloseTo(xs[0] + 0.002, 6);
    expect(xs[3]).toBe(Date.parse('2026-10-02T02:00:00Z') / 1000);
    expect(new Set(xs).size).toBe(4);
  });

  it('writes a shift as a change in per cent with its interval, both ways', () => {
    expect(percentChange(1.12)).toBe('+12.0');
    expect(percentChange(0.9)).toBe('−10.0');
    expect(
      shiftSize({
        step: 's',
        percentile: 'p50',
        change: 'slower',
        ratio: 1.1234,
        low: 1.081,
        high: 1.1667,
        pHolm: 1e-5,
        runsBefore: 10,
        runsAfter: 10,
      }),
    ).toBe('+12.3 % (95 %: +8.1 … +16.7 %)');
  });

  it('finds each change point with the run that stored it', () => {
    const cp = { before: 'a/b/1', after: 'a/b/2', shifts: [] };
    const series = {
      runs: [run('a/b/1', '2026-10-01T00:00:00Z'), run('a/b/3', '2026-10-03T00:00:00Z', { changePoint: cp })],
    } as unknown as Series;
    expect(changePoints(series)).toEqual([{ closedBy: series.runs[1], changePoint: cp }]);
  });

  it('fetches only a series key the publisher could have written', () => {
    expect(seriesUrl('0123456789abcdef')).toBe('data/series/0123456789abcdef.json');
    expect(() => seriesUrl('../catalog')).toThrow("'../catalog' is not a series key (16 hex digits)");
    expect(() => seriesUrl('0123456789ABCDEF')).toThrow(/not a series key/);
  });
});
