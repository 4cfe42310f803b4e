import { describe, expect, it } from 'vitest';
import { ALPHA, CONFIDENCE, decide, MIN_REPETITIONS, type PercentileSample } from '../src/stats/decision';
import { fromRepository } from './repository';

// The site's implementation of the decision rule gives the golden cases' figures and verdicts: the same file the Java
// implementation (compare/, DecisionRuleGoldenTest) is held to, written from SciPy's figures (scripts/compare-golden-cases.py).
const GOLDEN = 'compare/src/test/resources/io/isobench/compare/golden-cases.json';

interface GoldenCase {
  name: string;
  threshold: number;
  samples: PercentileSample[];
  expected: Array<Record<string, number | string>>;
}

const golden = JSON.parse(fromRepository(GOLDEN)) as { alpha: number; confidence: number; minRepetitions: number; cases: GoldenCase[] };

describe('the decision rule against the golden cases', () => {
  it('is the rule the file was written for', () => {
    expect([golden.alpha, golden.confidence, golden.minRepetitions]).toEqual([ALPHA, CONFIDENCE, MIN_REPETITIONS]);
    expect(new Set(golden.cases.flatMap((c) => c.expected.map((e) => e.change)))).toEqual(
      new Set(['slower', 'faster', 'no change', 'too few repetitions to tell']),
    );
  });

  it.each(golden.cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const got = decide(c.samples, c.threshold);
    expect(got.map((v) => [v.step, v.percentile, v.repetitionsA, v.repetitionsB, v.change])).toEqual(
      c.expected.map((e) => [e.step, e.percentile, e.repetitionsA, e.repetitionsB, e.change]),
    );
    got.forEach((v, i) => {
      const e = c.expected[i];
      for (const field of ['ratio', 'low', 'high', 'p', 'pHolm'] as const) {
        if (e[field] === undefined) {
          expect(v[field], `${c.name} [${i}] ${field}`).toBeUndefined();
        } else {
          const want = e[field] as number;
          // 1e-9 relative: SciPy, Hipparchus and stdlib agree to that
          expect(Math.abs(v[field]! - want), `${c.name} [${i}] ${field}: ${v[field]} vs ${want}`).toBeLessThanOrEqual(
            1e-9 * Math.max(1, Math.abs(want)),
          );
        }
      }
    });
  });
});
