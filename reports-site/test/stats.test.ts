import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../src/data/contract';
import { decodeHistogram } from '../src/hdr/decode';
import { histogramOf, type Histogram } from '../src/hdr/histogram';
import { bootstrapPercentiles, bootstrapRatio } from '../src/stats/bootstrap';
import { differences, runFacts } from '../src/stats/comparability';

const result = JSON.parse(readFileSync(new URL('./fixture-run/result.json', import.meta.url), 'utf8')) as RunResult;
const reps = result.steps[0].repetitions.map((r) => decodeHistogram(r.histogram!));

function scaled(h: Histogram, factor: number): Histogram {
  const buckets: Array<[number, number, number]> = [];
  for (let i = 0; i < h.lows.length; i++) buckets.push([h.lows[i] * factor, h.highs[i] * factor, h.counts[i]]);
  return histogramOf(buckets);
}

describe('bootstrap over repetitions', () => {
  it('two runs of the same data are not significantly different', () => {
    const est = bootstrapRatio(reps, reps, 50, 42, 500);
    expect(est.verdict).toBe('not significant');
    expect(est.interval!.low).toBeLessThanOrEqual(1);
    expect(est.interval!.high).toBeGreaterThanOrEqual(1);
  });

  it('a run twice as slow is "slower" and a run twice as fast is "faster", with the interval excluding 1', () => {
    expect(bootstrapRatio(reps, reps.map((h) => scaled(h, 2)), 50, 7, 500).verdict).toBe("slower");
    const faster = bootstrapRatio(reps, reps.map((h) => scaled(h, 0.5)), 50, 7, 500);
    expect(faster.verdict).toBe('faster');
    expect(faster.interval!.high).toBeLessThan(1);
  });

  it('gives a confidence interval around each percentile, and is deterministic for a seed', () => {
    const [p50] = bootstrapPercentiles(reps, [50], 1, 300);
    expect(p50.interval.low).toBeLessThanOrEqual(p50.value);
    expect(p50.interval.high).toBeGreaterThanOrEqual(p50.value);
    expect(bootstrapPercentiles(reps, [50], 1, 300)).toEqual(bootstrapPercentiles(reps, [50], 1, 300));
  });
});

describe('comparability', () => {
  it('says which facts differ, and nothing when a run meets itself', () => {
    const a = runFacts(result, null);
    expect(differences(a, a)).toEqual([]);
    const other = structuredClone(result);
    other.environment.cpuModel = 'Other CPU';
    other.environment.jvm = { ...other.environment.jvm, version: '21.0.2' };
    const diffs = differences(a, runFacts(other, { isolation: { isolated: true } } as never));
    expect(diffs.map((d) => d.factor)).toEqual(expect.arrayContaining(['CPU model', 'JVM', 'isolation']));
  });
});
