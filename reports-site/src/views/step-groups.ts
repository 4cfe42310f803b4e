import type { RunResult, StepResult } from '../data/contract';

/** The steps grouped by the load they applied ("10k msg/s"), in the order first run: one chart each, every variant in it. */
export function stepsByLoad(result: RunResult): Map<string, StepResult[]> {
  const groups = new Map<string, StepResult[]>();
  for (const s of result.steps) groups.set(s.label, [...(groups.get(s.label) ?? []), s]);
  return groups;
}
