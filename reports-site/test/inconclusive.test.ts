import { describe, expect, it } from 'vitest';
import type { RepetitionResult, RunResult } from '../src/data/contract';
import { stepPlan } from '../src/stats/comparability';
import { verdictClass } from '../src/verdict';
import { repetitionRows } from '../src/views/repetitions';
import { FIXTURE_RUN, fromRepository } from './repository';

const fixture = JSON.parse(fromRepository(`${FIXTURE_RUN}result.json`)) as RunResult;

/** The fixture run with its first step left INCONCLUSIVE by host noise. */
function noisy(): RunResult {
  const run = structuredClone(fixture);
  const step = run.steps[0];
  step.verdict = 'INCONCLUSIVE';
  step.reason = '1 of 1 inconclusive: repetition 1: host noise beyond the 1ms noise budget';
  run.verdict = 'INCONCLUSIVE';
  return run;
}

describe('INCONCLUSIVE', () => {
  it('has a look of its own, never that of OK', () => {
    expect(verdictClass('OK')).toBe('ok');
    expect(verdictClass('FAIL')).toBe('fail');
    expect(verdictClass('INCONCLUSIVE')).toBe('inconclusive');
    expect(verdictClass('SOMETHING NEW')).toBe('fail');
    expect(verdictClass(undefined)).toBe('fail');
  });

  it('steps are left out of a comparison, on either side, and named', () => {
    const ids = fixture.steps.map((s) => s.id);
    const why = (run: string) => [
      {
        step: ids[0],
        label: 'isobench · 1 in flight (ping-pong)',
        why: `INCONCLUSIVE in ${run}: 1 of 1 inconclusive: repetition 1: host noise beyond the 1ms noise budget`,
      },
    ];
    expect(stepPlan(fixture, fixture)).toEqual({ compared: ids, leftOut: [] });
    expect(stepPlan(noisy(), fixture)).toEqual({ compared: ids.slice(1), leftOut: why('A') });
    expect(stepPlan(fixture, noisy())).toEqual({ compared: ids.slice(1), leftOut: why('B') });
  });
});

describe('repetitionRows', () => {
  const c2c = (p50: number) => ({ cpuA: 0, cpuB: 1, durationNanos: 1e9, samples: 1, p10: p50, p50, p90: p50 + 1, max: 900 });
  const jitter = (cpu: number, maxStallNanos: number) => ({
    cpu,
    durationNanos: 1e9,
    maxStallNanos,
    stallsOver10us: 1,
    stalledNanos: maxStallNanos,
  });
  const rep: Partial<RepetitionResult> = {
    index: 2,
    verdict: 'INCONCLUSIVE',
    reason: 'host noise beyond the 1ms noise budget: the jitter probe before saw a 4.2 ms stall on CPU 1',
    latency: { ...fixture.steps[0].merged.latency, p50: 463, p99: 2_140 },
    probe: { coreToCore: c2c(70), jitter: [jitter(0, 4_200_000), jitter(1, 12_000)] },
    probeAfter: { coreToCore: c2c(275), jitter: [jitter(0, 15_000)] },
    noise: {
      spanNanos: 10.2e9,
      throttling: { source: '/sys/fs/cgroup/cpu.stat', periods: 102, throttledPeriods: 3, throttledNanos: 12_500_000 },
      cpus: [
        { cpu: 0, stealNanos: 0, interrupts: 41, topInterrupts: { CAL: 41 } },
        { cpu: 1, stealNanos: 10_000_000, interrupts: 52_000 },
      ],
      threads: [
        { role: 'publisher', cpu: 0, pinned: true, involuntarySwitches: 2, waitedForCpuNanos: 40_000_000 },
        { role: 'agent', cpu: 1, pinned: true, involuntarySwitches: 57 },
      ],
      unavailable: ['context switches of server: its thread id is unknown'],
    },
    generator: {
      sendLagP50: 40,
      sendLagP99: 1_800,
      sendLagMax: 9_000,
      sends: 100,
      replyReadDelayP50: 900,
      replyReadDelayP99: 3_000,
      shareOfP50: 0.1,
      shareOfP99: 0.8,
    },
    reruns: [{ attempt: 1, reason: 'host noise: throttled' }],
    notes: ['the load generator was busy or descheduled'],
  };

  it("shows every repetition's probes before → after and what the host did during its window", () => {
    const run = structuredClone(fixture);
    run.steps = [{ ...run.steps[0], repetitions: [rep as RepetitionResult] }];
    const [row] = repetitionRows(run);
    expect(row).toMatchObject({
      repetition: 2,
      verdict: 'INCONCLUSIVE',
      p50: '463 ns',
      p99: '2.14 µs',
      coreToCore: '70 ns → 275 ns',
      longestStall: '4.2 ms → 15 µs',
      throttled: '3× (12.5 ms)',
      steal: '10 ms',
      interrupts: '52,000 (CPU 1)',
      switches: 'publisher 2 (40 ms), agent 57',
      senderLag: '40 ns / 1.8 µs',
      replyReadDelay: '900 ns / 3 µs',
      reruns: '1',
    });
    expect(row.notes).toContain('the jitter probe before saw a 4.2 ms stall');
    expect(row.notes).toContain('attempt 1 rerun: host noise: throttled');
    expect(row.notes).toContain('unavailable: context switches of server: its thread id is unknown');
  });

  it('says "–" for figures a result written before them lacks, and reads old files', () => {
    const rows = repetitionRows(fixture);
    expect(rows).toHaveLength(fixture.steps.reduce((n, s) => n + s.repetitions.length, 0));
    const old = { ...rows[0] };
    expect(old.throttled).toBe('–');
    expect(old.senderLag).toBe('–');
    expect(old.reruns).toBe('0');
    expect(old.coreToCore).toMatch(/ → –$|^–$/);
  });
});
