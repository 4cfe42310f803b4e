import { describe, expect, it } from 'vitest';
import type { RunResult } from '../src/data/contract';
import { decodeHistogram } from '../src/hdr/decode';
import { maxOf, mergeHistograms, valueAtPercentile } from '../src/hdr/histogram';
import { parseHlog } from '../src/hdr/hlog';
import { hgrmValueAt, parseHgrm } from '../src/hdr/hgrm';
import { FIXTURE_RUN, fromRepository } from './repository';

const result = JSON.parse(fromRepository(`${FIXTURE_RUN}result.json`)) as RunResult;
const step = result.steps[0];

describe('histograms from a real runner run', () => {
  it("decodes each repetition and merging them gives the step's merged histogram (added, never averaged)", () => {
    const reps = step.repetitions.map((r) => decodeHistogram(r.histogram!));
    const merged = mergeHistograms(reps);
    const javaMerged = decodeHistogram(step.merged.histogram!);
    expect(merged.total).toBe(javaMerged.total);
    expect(merged.total).toBe(step.merged.latency.count);
    for (const p of [50, 90, 99, 99.9]) expect(valueAtPercentile(merged, p)).toBe(valueAtPercentile(javaMerged, p));
    // within HdrHistogram's 3 significant digits of what Java computed
    expect(Math.abs(valueAtPercentile(merged, 50) - step.merged.latency.p50) / step.merged.latency.p50).toBeLessThan(0.001);
    expect(maxOf(merged)).toBeGreaterThanOrEqual(step.merged.latency.p99);
  });

  it('reads the .hgrm percentile table (µs) like the HdrHistogram plotter', () => {
    const table = parseHgrm(fromRepository(FIXTURE_RUN + step.merged.files!.hgrm!), step.merged.files!.hgrm!);
    expect(table.rows.length).toBeGreaterThan(10);
    const p50 = hgrmValueAt(table, 50);
    expect(Math.abs(p50 - step.merged.latency.p50) / step.merged.latency.p50).toBeLessThan(0.01);
  });

  it('reads the .hlog interval log and its intervals add up to the repetition', () => {
    const rep = step.repetitions[0];
    const log = parseHlog(fromRepository(FIXTURE_RUN + rep.files!.hlog!));
    expect(log.intervals.length).toBeGreaterThan(0);
    const total = log.intervals.reduce((a, i) => a + i.histogram.total, 0);
    expect(total).toBe(rep.latency.count);
  });

  it('refuses a truncated .hlog with the line number instead of drawing half a timeline', () => {
    const text = fromRepository(FIXTURE_RUN + step.repetitions[0].files!.hlog!);
    const lines = text.trimEnd().split('\n');
    lines[lines.length - 1] = lines[lines.length - 1].slice(0, 40);
    expect(() => parseHlog(lines.join('\n'))).toThrow(/line/);
  });
});
