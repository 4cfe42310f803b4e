import type { Environment, RepetitionResult, RunResult, Verdict } from '../data/contract';
import { decodeHistogram } from '../hdr/decode';
import { mergeHistograms, valueAtPercentile, type Histogram } from '../hdr/histogram';
import { count, rate, sampledLatency } from '../format';

/** One load part's share of one step: what that pod sent, achieved and measured over the step's repetitions. */
export interface LoadPartRow {
  step: string;
  part: number;
  where: string;
  cpus: string;
  share: string;
  achieved: string;
  p50: string;
  p99: string;
  samples: string;
  verdict: Verdict;
  reason: string;
}

/** Where a part ran, as its runner reported it: its pod and node (the operator's runs) or its host. */
export function whereItRan(env: Environment | undefined): string {
  const c = env?.container;
  if (c?.pod) return c.node ? `${c.pod} on ${c.node}` : c.pod;
  return env?.hostname ?? '–';
}

/** The runner's split of a closed-loop step: clients/N each, the remainder one each to the first parts. */
export function clientsOf(clients: number, part: number, parts: number): number {
  return Math.floor(clients / parts) + (part < clients % parts ? 1 : 0);
}

const WORST: Verdict[] = ['FAIL', 'INCONCLUSIVE', 'OK'];

/**
 * Every step of a parallel run broken down by load part: each part's histograms added over the repetitions (lossless, as
 * the step's own are), its mean achieved rate, its worst verdict and the reasons. Empty for a run of one process.
 */
export function loadPartRows(result: RunResult): LoadPartRow[] {
  const parts = result.loadParts ?? [];
  if (!parts.length) return [];
  const rows: LoadPartRow[] = [];
  for (const step of result.steps) {
    for (const part of parts) {
      const own: RepetitionResult[] = (step.repetitions ?? [])
        .map((r) => r.parts?.find((p) => p.part === part.part)?.repetition)
        .filter((r): r is RepetitionResult => !!r);
      const histograms: Histogram[] = own.filter((r) => !!r.histogram).map((r) => decodeHistogram(r.histogram!));
      const merged = histograms.length ? mergeHistograms(histograms) : undefined;
      const total = merged?.total ?? 0;
      const first = own[0];
      const share =
        step.load.mode === 'open-loop'
          ? rate(first?.targetRate)
          : `${clientsOf(step.load.concurrency ?? 0, part.part, parts.length)} clients`;
      const verdict = WORST.find((v) => own.some((r) => r.verdict === v)) ?? 'FAIL';
      rows.push({
        step: step.variant ? `${step.variant} · ${step.label}` : step.label,
        part: part.part,
        where: whereItRan(part.environment),
        cpus: part.environment?.cpuset?.cpus?.join(',') ?? '–',
        share,
        achieved: own.length ? rate(own.reduce((a, r) => a + r.achievedRate, 0) / own.length) : '–',
        p50: merged ? sampledLatency(valueAtPercentile(merged, 50), total) : '–',
        p99: merged ? sampledLatency(valueAtPercentile(merged, 99), total) : '–',
        samples: count(total),
        verdict,
        reason: [...new Set(own.filter((r) => r.verdict !== 'OK').map((r) => r.reason ?? r.verdict))].join(' · '),
      });
    }
  }
  return rows;
}
