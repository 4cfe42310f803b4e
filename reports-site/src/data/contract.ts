// The published site data (docs/site-data.md) and the runner's result.json (result-format/), as
// TypeScript types. Java writes result.json with nulls omitted, so every nullable field is optional.

export const FORMAT_VERSION = 1;

/** FAIL beats INCONCLUSIVE beats OK; INCONCLUSIVE: host noise voided the measurement (it says nothing about the code). */
export type Verdict = 'OK' | 'FAIL' | 'INCONCLUSIVE';
export type LoadMode = 'open-loop' | 'closed-loop';
export type LatencyMeasure = 'one-way' | 'round-trip' | 'half-round-trip';

export interface ShardInfo {
  path: string;
  count: number;
  newestStartedAt: string;
  oldestStartedAt: string;
  targets: string[];
  verdicts: string[];
  nodes: string[];
  labels: Record<string, string[]>;
}

export interface Facets {
  targets: string[];
  verdicts: string[];
  nodes: string[];
  labels: Record<string, string[]>;
}

export interface Catalog {
  formatVersion: number;
  generatedAt: string;
  runCount: number;
  shardSize: number;
  shards: ShardInfo[];
  facets: Facets;
  references?: string;
}

export interface Headline {
  stepId: string;
  label: string;
  p50: number;
  p99: number;
  max: number;
  achievedRate: number;
  samples: number;
}

export interface RunEntry {
  key: string;
  namespace: string;
  name: string;
  uid: string;
  target: string;
  variants: string[];
  labels: Record<string, string>;
  nodes: string[];
  startedAt: string;
  finishedAt: string;
  phase: string;
  verdict: Verdict;
  isolated: boolean | null;
  cpuModel: string;
  jvm: string;
  loadModes: string[];
  headline: Headline | null;
  baseline: string | null;
  /** key of the run's series (data/series/<series>.json); absent in indexes published before series existed */
  series?: string;
  message: string | null;
}

export interface IndexShard {
  formatVersion: number;
  runs: RunEntry[];
}

/** The operator's Isolated condition (reason = "Reason: message") and the facts behind it (docs/site-data.md). */
export interface IsolationVerdict {
  isolated: boolean | null;
  reason?: string;
  mode?: string;
  cpusRequested?: number;
  cpusetGranted?: string;
  cpuManagerPolicy?: string;
  reservedSystemCpus?: string;
  qosClass?: string;
  node?: string;
  server?: {
    pod?: string;
    node?: string;
    cpuManagerPolicy?: string;
    reservedSystemCpus?: string;
    cpusRequested?: number;
    qosClass?: string;
    cpusetGranted?: string;
    smtSiblings?: string[];
    threads?: Array<{ role?: string; cpu?: number; pinned?: boolean; detail?: string }>;
    unverified?: string;
  };
}

export interface RunSummary {
  formatVersion: number;
  key: string;
  namespace: string;
  name: string;
  uid: string;
  labels: Record<string, string>;
  nodes: string[];
  phase: string;
  message: string | null;
  createdAt?: string;
  isolation: IsolationVerdict;
  image?: string | null;
  baseline: string | null;
  /** key of the run's series (docs/site-data.md § Series) */
  series?: string;
  spec?: unknown;
  rerunYaml?: string;
  result: string;
}

export interface Reference {
  id: string;
  source?: string;
  target: string;
  label: string;
  load?: { mode: LoadMode; targetRate?: number; concurrency?: number };
  measure?: LatencyMeasure;
  achievedRate?: number;
  latency?: Partial<Record<LatencyKey | 'mean', number>>;
  streams?: number;
  vcpus?: number;
}

export interface References {
  formatVersion: number;
  references: Reference[];
}

/** LatencySummary's percentile keys, in table order. */
export const LATENCY_KEYS = ['p50', 'p66', 'p75', 'p80', 'p90', 'p95', 'p98', 'p99', 'p99_9', 'p99_99', 'p99_999', 'max'] as const;
export type LatencyKey = (typeof LATENCY_KEYS)[number];

export type LatencySummary = Record<LatencyKey, number> & { count: number; min: number; mean: number; stddev: number };

export interface Load {
  mode: LoadMode;
  targetRate?: number;
  concurrency?: number;
  warmupMillis: number;
  durationMillis: number;
}

export interface ArtifactFiles {
  hlog?: string;
  hgrm?: string;
}

export interface Pinning {
  role: string;
  cpu?: number;
  applied: boolean;
  detail?: string;
}

export interface CoreToCore {
  cpuA: number;
  cpuB: number;
  durationNanos: number;
  samples: number;
  p10: number;
  p50: number;
  p90: number;
  max: number;
}

export interface Jitter {
  cpu: number;
  durationNanos: number;
  maxStallNanos: number;
  stallsOver10us: number;
  stalledNanos: number;
}

export interface MachineProbe {
  coreToCore?: CoreToCore;
  jitter?: Jitter[];
}

/** What the host did to the measured CPUs and threads during a repetition's window (result-format NoiseSignals). */
export interface NoiseSignals {
  spanNanos: number;
  throttling?: { source: string; periods: number; throttledPeriods: number; throttledNanos: number };
  cpus?: Array<{ cpu: number; stealNanos?: number; interrupts?: number; topInterrupts?: Record<string, number> }>;
  threads?: Array<{
    role: string;
    cpu?: number;
    pinned: boolean;
    involuntarySwitches?: number;
    voluntarySwitches?: number;
    waitedForCpuNanos?: number;
  }>;
  otherThreadsCpuNanos?: number;
  unavailable?: string[];
}

/** How much of the latency the load generator itself may have caused (result-format GeneratorLag). */
export interface GeneratorLag {
  sendLagP50: number;
  sendLagP99: number;
  sendLagMax: number;
  sends: number;
  replyReadDelayP50?: number;
  replyReadDelayP99?: number;
  replyReadDelayMax?: number;
  shareOfP50: number;
  shareOfP99: number;
}

/** An earlier INCONCLUSIVE attempt at a repetition, run again. */
export interface Rerun {
  attempt: number;
  startedAt?: string;
  reason?: string;
  latency?: LatencySummary;
}

export interface RepetitionResult {
  index: number;
  startedAt: string;
  windowNanos: number;
  targetRate?: number;
  achievedRate: number;
  sent: number;
  received: number;
  latency: LatencySummary;
  gc?: { count: number; timeMillis: number };
  allocatedBytes?: Record<string, number>;
  pinning?: Pinning[];
  probe?: MachineProbe;
  metrics?: Record<string, unknown>;
  histogram?: string;
  files?: ArtifactFiles;
  verdict: Verdict;
  reason?: string;
  probeAfter?: MachineProbe;
  noise?: NoiseSignals;
  generator?: GeneratorLag;
  reruns?: Rerun[];
  notes?: string[];
  /** load.parallelism above 1: what each load part measured; this repetition is their sum */
  parts?: PartResult[];
}

/** One load part's own repetition (its share of the load) inside a repetition of a parallel run. */
export interface PartResult {
  part: number;
  repetition: RepetitionResult;
}

/** A process (pod) that made part of a parallel run's load, and where it ran. */
export interface LoadPart {
  part: number;
  environment?: Environment;
}

export interface MergedResult {
  latency: LatencySummary;
  histogram?: string;
  files?: ArtifactFiles;
}

export interface StepResult {
  id: string;
  label: string;
  variant?: string;
  load: Load;
  measure?: LatencyMeasure;
  repetitions: RepetitionResult[];
  merged: MergedResult;
  verdict: Verdict;
  reason?: string;
}

export interface Environment {
  hostname?: string;
  os?: string;
  kernel?: string;
  arch?: string;
  cpuModel?: string;
  logicalCpus?: number;
  cpuset?: { cpus?: number[]; affinity?: string; cgroup?: string };
  isolation?: {
    isolatedCpus?: string;
    nohzFull?: string;
    smtSiblings?: string[];
    governor?: string;
    clocksource?: string;
    transparentHugePages?: string;
    loadAverage?: number;
    cpuManagerPolicyHint?: string;
  };
  jvm?: { vendor?: string; version?: string; vm?: string; flags?: string[]; heapInitBytes?: number; heapMaxBytes?: number; gc?: string[] };
  container?: { image?: string; namespace?: string; pod?: string; node?: string };
  warnings?: string[];
}

export interface RunResult {
  formatVersion: number;
  runId: string;
  target: string;
  config?: Record<string, unknown>;
  configHash?: string;
  startedAt: string;
  finishedAt: string;
  environment: Environment;
  steps: StepResult[];
  verdict: Verdict;
  reason?: string;
  /** load.parallelism above 1: every load part, 0 first */
  loadParts?: LoadPart[];
  /** variants in JVMs of their own: the seed and each round's order */
  variantRounds?: { seed: number; orders: string[][] };
  /** option sets (spec.variants, --variant): every variant against the first */
  variantComparisons?: VariantComparison[];
}

/** One variant of a run against its first, by compare's decision rule (result-format's VariantComparison). */
export interface VariantComparison {
  baseline: string;
  variant: string;
  threshold: number;
  outcome: string;
  summary: string;
  verdicts: Array<{
    load: string;
    percentile: string;
    repetitionsBaseline: number;
    repetitionsVariant: number;
    ratio?: number | null;
    low?: number | null;
    high?: number | null;
    pHolm?: number | null;
    change: string;
  }>;
  leftOut: Array<{ load: string; why: string }>;
}
