import { describe, expect, it } from 'vitest';
import type { RunResult } from '../src/data/contract';
import { sampledLatency } from '../src/format';
import { stepPlan } from '../src/stats/comparability';
import { repetitionRows } from '../src/views/repetitions';
import { hgrmValueAt, parseHgrm } from '../src/hdr/hgrm';
import { fromRepository } from './repository';

const SAMPLE = 'result-format/src/test/resources/io/isobench/result/samples/tcp-echo-connection-refused.json';

// what the real runner wrote when nothing listened at --server-address 127.0.0.1:1 (result-format's ResultSamples)
const refused = JSON.parse(fromRepository(SAMPLE)) as RunResult;

describe('a run that FAILed before its window', () => {
  it('shows no latency figure where nothing was measured, never "0 ns"', () => {
    expect(sampledLatency(0, 0)).toBe('—');
    expect(sampledLatency(463, 1000)).toBe('463 ns');
    expect(sampledLatency(0, 1000)).toBe('0 ns');
    expect(sampledLatency(463, undefined)).toBe('463 ns'); // an index entry from before samples were counted
  });

  it("lists its repetition with the runner's reason and no figures", () => {
    const [row] = repetitionRows(refused);
    expect(row.verdict).toBe('FAIL');
    expect(row.p50).toBe('—');
    expect(row.p99).toBe('—');
    expect(row.notes).toBe('target failed: could not start tcp-echo remote: Connection refused');
  });

  it('has a percentile table of no samples that reads as such (HdrHistogram writes no rows for it)', () => {
    const empty =
      '       Value     Percentile TotalCount 1/(1-Percentile)\n\n' +
      '#[Mean    =        0.000, StdDeviation   =        0.000]\n' +
      '#[Max     =        0.000, Total count    =            0]\n' +
      '#[Buckets =           32, SubBuckets     =         2048]\n';
    const table = parseHgrm(empty, 'empty.hgrm');
    expect(table.totalCount).toBe(0);
    expect(table.rows).toEqual([]);
    expect(hgrmValueAt(table, 50)).toBeNaN();
    expect(() => parseHgrm(empty.replace('Total count    =            0', 'Total count    =            7'), 'empty.hgrm')).toThrow(
      'no percentile rows but a total count of 7',
    );
  });

  it('is left out of a comparison, on either side, and named: there is nothing to compare', () => {
    const measured = structuredClone(refused);
    measured.steps[0].merged.latency = { ...measured.steps[0].merged.latency, count: 1000, p50: 4_000, max: 9_000, mean: 4_100 };
    measured.steps[0].verdict = 'OK';
    const id = refused.steps[0].id;
    const why = (run: string) => [
      { step: id, label: 'remote · 1 in flight (ping-pong)', why: `FAIL in ${run}: ${refused.steps[0].reason}` },
    ];
    expect(stepPlan(measured, measured)).toEqual({ compared: [id], leftOut: [] });
    expect(stepPlan(refused, measured)).toEqual({ compared: [], leftOut: why('A') });
    expect(stepPlan(measured, refused)).toEqual({ compared: [], leftOut: why('B') });
    // measured OK but with no samples: still nothing to compare
    const empty = structuredClone(measured);
    empty.steps[0].merged.latency.count = 0;
    expect(stepPlan(measured, empty).leftOut.map((l) => l.why)).toEqual(['no samples in B']);
  });
});
