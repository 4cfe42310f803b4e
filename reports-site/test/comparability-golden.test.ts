import { describe, expect, it } from 'vitest';
import type { RunResult } from '../src/data/contract';
import { comparable, differences, stepPlan, type Difference, type LeftOut } from '../src/stats/comparability';
import { fromRepository } from './repository';

// What makes two runs comparable, held to the same file as the Java implementation (compare/, ComparabilityGoldenTest).
const CASES = 'compare/src/test/resources/io/isobench/compare/comparability-cases.json';

interface Case {
  name: string;
  a: RunResult;
  b: RunResult;
  expected: { differences: Difference[]; compared: string[]; leftOut: LeftOut[] };
}

const cases = (JSON.parse(fromRepository(CASES)) as { cases: Case[] }).cases;

describe('what makes two runs comparable, against the shared cases', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(differences(c.a, c.b)).toEqual(c.expected.differences);
    expect(comparable(differences(c.a, c.b))).toBe(!c.expected.differences.some((d) => d.decides));
    expect(stepPlan(c.a, c.b)).toEqual({ compared: c.expected.compared, leftOut: c.expected.leftOut });
  });
});
