// Numbers written the way the published write-ups and the runner's reports write them (runner-image/…/report/HumanUnits,
// harness/StepLabels): "250 ns", "7.5 µs", "1.13 ms", "149,972", "10k mps".

/** Three significant digits, trailing zeros dropped: 7.50 → "7.5", 16.54 → "16.5", 444.2 → "444". */
function threeDigits(v: number): string {
  const decimals = v >= 100 ? 0 : v >= 10 ? 1 : 2;
  let s = roundHalfUp(v, decimals);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s;
}

/** Java's %.nf rounds half up; toFixed rounds the binary value. Nudge by an ulp-sized epsilon. */
function roundHalfUp(v: number, decimals: number): string {
  const scale = 10 ** decimals;
  return (Math.round(v * scale * (1 + Number.EPSILON)) / scale).toFixed(decimals);
}

export function latency(nanos: number | null | undefined): string {
  if (nanos === null || nanos === undefined || !Number.isFinite(nanos)) return '—';
  if (nanos < 1_000) return `${Math.round(nanos)} ns`;
  if (nanos < 1_000_000) return `${threeDigits(nanos / 1e3)} µs`;
  if (nanos < 1_000_000_000) return `${threeDigits(nanos / 1e6)} ms`;
  return `${threeDigits(nanos / 1e9)} s`;
}

/**
 * A figure of a distribution holding `samples`: a dash when it holds none (a run that FAILed before its window measured
 * nothing), never "0 ns". `samples` unknown (older index entries): the figure as it is.
 */
export function sampledLatency(nanos: number | null | undefined, samples: number | null | undefined): string {
  return samples === 0 ? '—' : latency(nanos);
}

export function count(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  return Math.round(n).toLocaleString('en-US');
}

/** 998765.4 → "998.8k/s", 10_000_000 → "10.00M/s" (the runner's report style). */
export function rate(perSecond: number | null | undefined): string {
  if (perSecond === null || perSecond === undefined || !Number.isFinite(perSecond)) return '—';
  if (perSecond >= 999_500) return `${(perSecond / 1e6).toFixed(2)}M/s`;
  if (perSecond >= 999.5) return `${(perSecond / 1e3).toFixed(1)}k/s`;
  return `${perSecond.toFixed(0)}/s`;
}

export function ratio(r: number): string {
  return Number.isFinite(r) ? `${r.toFixed(r >= 10 ? 1 : 2)}×` : '—';
}

export function bytes(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${v} B` : `${threeDigits(v)} ${units[u]}`;
}

/** "2026-11-22T23:58:54.04Z" → "2026-11-22 23:58 UTC"; unparsable text is shown as it is. */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return `${new Date(t).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  return s < 60 ? `${threeDigits(s)} s` : `${threeDigits(s / 60)} min`;
}
