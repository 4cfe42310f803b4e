import type { RunResult, VariantComparison } from '../data/contract';
import { ratio } from '../format';

/** One load and percentile of one variant against the run's first, as a row of text. */
export interface VariantRow {
  variant: string;
  load: string;
  percentile: string;
  repetitions: string;
  ratio: string;
  interval: string;
  p: string;
  change: string;
}

/** The runner's comparison of every variant with the first, row by row; empty for a run without option sets. */
export function variantRows(result: RunResult): VariantRow[] {
  return (result.variantComparisons ?? []).flatMap((c: VariantComparison) =>
    c.verdicts.map((v) => ({
      variant: `${c.variant} vs ${c.baseline}`,
      load: v.load,
      percentile: v.percentile,
      repetitions: `${v.repetitionsVariant} / ${v.repetitionsBaseline}`,
      ratio: typeof v.ratio === 'number' ? ratio(v.ratio) : '—',
      interval: typeof v.low === 'number' && typeof v.high === 'number' ? `${ratio(v.low)} – ${ratio(v.high)}` : '—',
      p: typeof v.pHolm === 'number' ? v.pHolm.toPrecision(2) : '—',
      change: v.change,
    })),
  );
}
