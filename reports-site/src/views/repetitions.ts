import type { MachineProbe, NoiseSignals, RepetitionResult, RunResult } from '../data/contract';
import { count, latency, sampledLatency } from '../format';

/** One repetition beside the machine around it: probes before → after, host counters over the window, the generator's lag. */
export interface RepetitionRow {
  step: string;
  repetition: number;
  /** '' for a repetition, 'part k' for one load part's own share of it (parallel runs) */
  part: string;
  verdict: string;
  p50: string;
  p99: string;
  coreToCore: string;
  longestStall: string;
  throttled: string;
  steal: string;
  interrupts: string;
  switches: string;
  senderLag: string;
  replyReadDelay: string;
  reruns: string;
  notes: string;
}

function beforeAfter(before: string, after: string): string {
  return before === '–' && after === '–' ? '–' : `${before} → ${after}`;
}

function coreToCore(p: MachineProbe | undefined): string {
  return p?.coreToCore ? latency(p.coreToCore.p50) : '–';
}

function stall(p: MachineProbe | undefined): string {
  return p?.jitter?.length ? latency(Math.max(...p.jitter.map((j) => j.maxStallNanos))) : '–';
}

function throttled(n: NoiseSignals | undefined): string {
  if (!n) return '–';
  if (!n.throttling) return 'unavailable';
  return n.throttling.throttledPeriods === 0 ? '0' : `${count(n.throttling.throttledPeriods)}× (${latency(n.throttling.throttledNanos)})`;
}

function steal(n: NoiseSignals | undefined): string {
  if (!n) return '–';
  const known = (n.cpus ?? []).filter((c) => typeof c.stealNanos === 'number');
  return known.length ? latency(known.reduce((a, c) => a + (c.stealNanos ?? 0), 0)) : 'unavailable';
}

function interrupts(n: NoiseSignals | undefined): string {
  if (!n) return '–';
  const known = (n.cpus ?? []).filter((c) => typeof c.interrupts === 'number');
  if (!known.length) return 'unavailable';
  const busiest = known.reduce((a, c) => ((c.interrupts ?? 0) > (a.interrupts ?? 0) ? c : a));
  return `${count(busiest.interrupts)} (CPU ${busiest.cpu})`;
}

function switches(n: NoiseSignals | undefined): string {
  if (!n) return '–';
  const known = (n.threads ?? []).filter((t) => typeof t.involuntarySwitches === 'number');
  const waited = (t: { waitedForCpuNanos?: number }) => (t.waitedForCpuNanos ? ` (${latency(t.waitedForCpuNanos)})` : '');
  return known.length ? known.map((t) => `${t.role} ${count(t.involuntarySwitches)}${waited(t)}`).join(', ') : 'unavailable';
}

function row(step: string, index: number, part: string, r: RepetitionResult): RepetitionRow {
  const notes = [
    r.verdict !== 'OK' ? r.reason : undefined,
    ...(r.notes ?? []),
    ...(r.reruns ?? []).map((x) => `attempt ${x.attempt} rerun: ${x.reason ?? 'inconclusive'}`),
    ...(r.noise?.unavailable ?? []).map((u) => `unavailable: ${u}`),
  ].filter((t): t is string => !!t);
  return {
    step,
    repetition: index,
    part,
    verdict: r.verdict,
    p50: sampledLatency(r.latency?.p50, r.latency?.count),
    p99: sampledLatency(r.latency?.p99, r.latency?.count),
    coreToCore: beforeAfter(coreToCore(r.probe), coreToCore(r.probeAfter)),
    longestStall: beforeAfter(stall(r.probe), stall(r.probeAfter)),
    throttled: throttled(r.noise),
    steal: steal(r.noise),
    interrupts: interrupts(r.noise),
    switches: switches(r.noise),
    senderLag: r.generator ? `${latency(r.generator.sendLagP50)} / ${latency(r.generator.sendLagP99)}` : '–',
    replyReadDelay:
      r.generator && typeof r.generator.replyReadDelayP50 === 'number'
        ? `${latency(r.generator.replyReadDelayP50)} / ${latency(r.generator.replyReadDelayP99)}`
        : '–',
    reruns: String((r.reruns ?? []).length),
    notes: notes.join(' · '),
  };
}

/**
 * Every repetition of every step, in order, with the figures that tell a slow target from a noisy host; in a parallel
 * run each repetition is followed by its load parts, each with its own machine (the probes and counters are per pod).
 */
export function repetitionRows(result: RunResult): RepetitionRow[] {
  const rows: RepetitionRow[] = [];
  for (const step of result.steps) {
    const name = step.variant ? `${step.variant} · ${step.label}` : step.label;
    for (const r of step.repetitions ?? []) {
      rows.push(row(name, r.index, r.parts?.length ? 'all' : '', r));
      for (const p of r.parts ?? []) rows.push(row(name, r.index, `part ${p.part}`, p.repetition));
    }
  }
  return rows;
}
