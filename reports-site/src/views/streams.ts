import type { RunResult, StepResult } from '../data/contract';
import { count } from '../format';

/** What a streams run (rsocket) reports per repetition: how many streams were held, and where the server tipped over. */
export interface StreamsRow {
  step: string;
  repetition: number;
  opened: number;
  target: number;
  /** Messages due in the window, those delivered, and those never delivered (due − delivered). */
  due: number;
  delivered: number;
  lost: number;
  tipping: string;
  peakServerCpu: string;
  peakAllocation: string;
}

interface TippingPoint {
  second?: number;
  activeStreams?: number;
  reason?: string;
}

function peak(samples: unknown, key: string): number | null {
  if (!Array.isArray(samples)) return null;
  const values = samples
    .map((s) => (s && typeof s === 'object' ? (s as Record<string, unknown>)[key] : undefined))
    .filter((v): v is number => typeof v === 'number');
  return values.length ? Math.max(...values) : null;
}

/** Whether a step opened streams (its load rate counts streams per second, not messages). */
export function isStreamsStep(step: StepResult): boolean {
  return (step.repetitions ?? []).some((r) => r.metrics && typeof r.metrics.streamsOpened === 'number');
}

/** Rows for every repetition whose metrics carry streams figures; none for other targets. */
export function streamsRows(result: RunResult): StreamsRow[] {
  const rows: StreamsRow[] = [];
  for (const step of result.steps) {
    for (const rep of step.repetitions ?? []) {
      const m = rep.metrics;
      if (!m || typeof m.streamsOpened !== 'number') continue;
      const t = (m.tippingPoint && typeof m.tippingPoint === 'object' ? m.tippingPoint : null) as TippingPoint | null;
      const cpu = peak(m.resources, 'serverCpuCores') ?? peak(m.resources, 'cpuCores');
      const alloc = peak(m.resources, 'allocationMiBPerSecond');
      rows.push({
        step: step.label ?? step.id,
        repetition: rep.index,
        opened: m.streamsOpened,
        target: typeof m.streamsTarget === 'number' ? m.streamsTarget : m.streamsOpened,
        due: rep.sent ?? 0,
        delivered: rep.received ?? 0,
        lost: Math.max(0, (rep.sent ?? 0) - (rep.received ?? 0)),
        tipping: t ? `second ${t.second ?? '?'} at ${count(t.activeStreams ?? 0)} streams: ${String(t.reason ?? '')}` : 'not reached',
        peakServerCpu: cpu === null ? '–' : `${cpu} cores`,
        peakAllocation: alloc === null ? '–' : `${alloc} MiB/s`,
      });
    }
  }
  return rows;
}
