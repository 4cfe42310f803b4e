import { describe, expect, it } from 'vitest';
import type { RunResult } from '../src/data/contract';
import { stepsByLoad } from '../src/views/step-groups';

describe("the run page's distribution charts", () => {
  it('are one per load, every variant of that load in it, in the order run', () => {
    const step = (variant: string, label: string) => ({ id: `${variant}_${label}`, variant, label });
    const run = {
      steps: [step('isobench', '10k'), step('isobench', '100k'), step('agrona', '10k'), step('agrona', '100k'), step('abq', '10k')],
    } as unknown as RunResult;
    expect([...stepsByLoad(run)].map(([label, steps]) => [label, steps.map((s) => s.variant)])).toEqual([
      ['10k', ['isobench', 'agrona', 'abq']],
      ['100k', ['isobench', 'agrona']],
    ]);
  });
});
