import type { RunResult, StepResult } from '../data/contract';
import type { PercentileSample } from './decision';

/** The percentiles compared: as shown, and as result.json's latency summaries name them. */
export const COMPARED_PERCENTILES: ReadonlyArray<readonly [string, 'p50' | 'p99' | 'p99_9']> = [
  ['p50', 'p50'],
  ['p99', 'p99'],
  ['p99.9', 'p99_9'],
];

/** Each measured repetition's value of one percentile (ns): the unit a comparison tests. */
export function repetitionValues(step: StepResult, key: 'p50' | 'p99' | 'p99_9'): number[] {
  return step.repetitions.filter((r) => r.latency.count > 0).map((r) => r.latency[key]);
}

/** Every compared percentile of every step id given, A's repetitions against B's: one family for Holm. */
export function percentileSamples(a: RunResult, b: RunResult, stepIds: readonly string[]): PercentileSample[] {
  return stepIds.flatMap((id) => {
    const sa = a.steps.find((s) => s.id === id)!;
    const sb = b.steps.find((s) => s.id === id)!;
    return COMPARED_PERCENTILES.map(([percentile, key]) => ({
      step: id,
      percentile,
      a: repetitionValues(sa, key),
      b: repetitionValues(sb, key),
    }));
  });
}
