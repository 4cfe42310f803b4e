import { describe, expect, it } from 'vitest';
import type { RunResult } from '../src/data/contract';
import { isStreamsStep, streamsRows } from '../src/views/streams';

function run(metrics: Record<string, unknown> | undefined, sent = 0, received = 0): RunResult {
  return {
    target: 'rsocket',
    steps: [{ id: 'process_rate-667', label: '80,000 streams opened at 667/s', repetitions: [{ index: 1, metrics, sent, received }] }],
  } as unknown as RunResult;
}

describe('streamsRows', () => {
  it('states the tipping point and the peaks of a streams run', () => {
    const rows = streamsRows(
      run({
        streamsOpened: 80000,
        streamsTarget: 80000,
        tippingPoint: { second: 107, activeStreams: 71117, reason: '65138 of 65138 messages later than 100 ms' },
        resources: [
          { serverCpuCores: 0.5, allocationMiBPerSecond: 40 },
          { serverCpuCores: 1.03, allocationMiBPerSecond: 110.42 },
        ],
      }),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].tipping).toContain('second 107');
    expect(rows[0].tipping).toContain('messages later than 100 ms');
    expect(rows[0].peakServerCpu).toBe('1.03 cores');
    expect(rows[0].peakAllocation).toBe('110.42 MiB/s');
  });

  it('holds the messages due in the window, those delivered and those lost; a streams step is labelled by its streams', () => {
    const result = run({ streamsOpened: 200, streamsTarget: 200, tippingPoint: null }, 6000, 5400);
    const [row] = streamsRows(result);
    expect([row.due, row.delivered, row.lost]).toEqual([6000, 5400, 600]);
    expect(isStreamsStep(result.steps[0])).toBe(true);
    expect(isStreamsStep(run({ sent: 5 }).steps[0])).toBe(false);
  });

  it('says when no tipping point was reached, and ignores other targets', () => {
    expect(streamsRows(run({ streamsOpened: 200, streamsTarget: 200, tippingPoint: null }))[0].tipping).toBe('not reached');
    expect(streamsRows(run({ sent: 5 }))).toEqual([]);
    expect(streamsRows(run(undefined))).toEqual([]);
  });
});
