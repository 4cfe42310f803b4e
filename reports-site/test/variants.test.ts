import { describe, expect, it } from 'vitest';
import type { RunResult } from '../src/data/contract';
import { variantRows } from '../src/views/variants';
import { fromRepository } from './repository';

const SAMPLE = 'result-format/src/test/resources/io/isobench/result/samples/tcp-echo-variants-aa.json';

// what the real runner wrote for an A/A run of two option sets (result-format's ResultSamples)
const aa = JSON.parse(fromRepository(SAMPLE)) as RunResult;

describe('a run of option sets', () => {
  it('gives each load and percentile of each variant against the first, as the runner compared them', () => {
    const rows = variantRows(aa);
    const verdicts = aa.variantComparisons![0].verdicts;
    expect(rows).toHaveLength(verdicts.length);
    expect(rows.map((r) => r.percentile)).toEqual(['p50', 'p99', 'p99.9']);
    expect(rows[0].variant).toBe('a2 vs a');
    expect(rows[0].repetitions).toBe('3 / 3');
    expect(rows.map((r) => r.change)).toEqual(verdicts.map((v) => v.change));
    expect(rows[1].ratio).toBe(`${verdicts[1].ratio!.toFixed(2)}×`);
  });

  it('says nothing for a run without option sets, and a dash where the runner had no figure', () => {
    const none = structuredClone(aa);
    delete none.variantComparisons;
    expect(variantRows(none)).toEqual([]);
    const tooFew = structuredClone(aa);
    tooFew.variantComparisons![0].verdicts[0] = { ...tooFew.variantComparisons![0].verdicts[0], low: null, high: null, pHolm: null };
    expect(variantRows(tooFew)[0].interval).toBe('—');
    expect(variantRows(tooFew)[0].p).toBe('—');
  });
});
