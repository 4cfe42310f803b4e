import { describe, expect, it } from 'vitest';
import type { RunResult } from '../src/data/contract';
import { decodeHistogram } from '../src/hdr/decode';
import { mergeHistograms, valueAtPercentile } from '../src/hdr/histogram';
import { sampledLatency } from '../src/format';
import { clientsOf, loadPartRows, whereItRan } from '../src/views/load-parts';
import { repetitionRows } from '../src/views/repetitions';
import { fromRepository } from './repository';

const SAMPLE = 'result-format/src/test/resources/io/isobench/result/samples/udp-echo-three-parts.json';

// what the real runner wrote for three load parts against one UDP echo server (result-format's ResultSamples)
const parallel = JSON.parse(fromRepository(SAMPLE)) as RunResult;

describe('a run of three load parts', () => {
  it('shows every part of every step, each with its own histograms added over the repetitions', () => {
    const rows = loadPartRows(parallel);
    const step = parallel.steps[0];
    expect(rows).toHaveLength(parallel.steps.length * 3);
    expect(rows.map((r) => r.part)).toEqual([0, 1, 2]);
    for (const row of rows) {
      const own = step.repetitions.map((r) => r.parts!.find((p) => p.part === row.part)!.repetition);
      const merged = mergeHistograms(own.map((r) => decodeHistogram(r.histogram!)));
      expect(row.samples).toBe(merged.total.toLocaleString('en-US'));
      expect(row.p99).toBe(sampledLatency(valueAtPercentile(merged, 99), merged.total));
      expect(row.share).toBe('50/s'); // 150 msg/s over three parts
      expect(row.where).toBe(whereItRan(parallel.loadParts![row.part].environment));
    }
  });

  it("adds up to the step's own histogram: the parts are the step, nothing more or less", () => {
    const step = parallel.steps[0];
    const parts = step.repetitions.flatMap((r) => r.parts!.map((p) => decodeHistogram(p.repetition.histogram!)));
    const sum = mergeHistograms(parts);
    const whole = decodeHistogram(step.merged.histogram!);
    expect(sum.total).toBe(whole.total);
    expect(valueAtPercentile(sum, 50)).toBe(valueAtPercentile(whole, 50));
    expect(valueAtPercentile(sum, 99.9)).toBe(valueAtPercentile(whole, 99.9));
  });

  it('lists each repetition, then its parts with their own machine figures', () => {
    const rows = repetitionRows(parallel);
    const first = parallel.steps[0].repetitions[0];
    expect(rows.slice(0, 4).map((r) => r.part)).toEqual(['all', 'part 0', 'part 1', 'part 2']);
    expect(rows[1].p50).toBe(sampledLatency(first.parts![0].repetition.latency.p50, first.parts![0].repetition.latency.count));
    expect(rows).toHaveLength(parallel.steps[0].repetitions.length * 4);
  });

  it("splits a closed loop's clients as the runner does: the remainder one each to the first parts", () => {
    expect([0, 1, 2, 3].map((k) => clientsOf(10, k, 4))).toEqual([3, 3, 2, 2]);
    expect([0, 1, 2].map((k) => clientsOf(3, k, 3))).toEqual([1, 1, 1]);
  });

  it('has no parts table for a run of one process', () => {
    const alone = structuredClone(parallel);
    delete alone.loadParts;
    expect(loadPartRows(alone)).toEqual([]);
  });
});
