#!/usr/bin/env python3
"""Writes compare's golden cases: inputs → ratio, interval, p-values and verdicts (docs/compare.md).

  python3 scripts/compare-golden-cases.py > compare/src/test/resources/io/isobench/compare/golden-cases.json

The expected figures come from SciPy (scipy.stats.ttest_ind with equal_var=False, scipy.stats.t), a third
implementation beside the two it checks: Java with Hipparchus (compare/, DecisionRuleGoldenTest) and the site with
stdlib-js (reports-site/test/decision-golden.test.ts). Needs scipy (pip install scipy); the tests only read its output.
Run again after changing the rule or the cases, and say why in the commit.
"""
import json
import math
import sys

from scipy import stats

ALPHA = 0.05
CONFIDENCE = 0.95
MIN_REPETITIONS = 3


def welch(a, b):
    la = [math.log(v) for v in a]
    lb = [math.log(v) for v in b]
    mean_a, mean_b = sum(la) / len(la), sum(lb) / len(lb)
    va = sum((x - mean_a) ** 2 for x in la) / (len(la) - 1) / len(la)
    vb = sum((x - mean_b) ** 2 for x in lb) / (len(lb) - 1) / len(lb)
    d = mean_b - mean_a
    se = math.sqrt(va + vb)
    if se == 0:
        r = math.exp(d)
        return r, r, r, 1.0 if d == 0 else 0.0
    df = (va + vb) ** 2 / (va ** 2 / (len(la) - 1) + vb ** 2 / (len(lb) - 1))
    p = float(stats.ttest_ind(lb, la, equal_var=False).pvalue)
    half = float(stats.t.ppf(1 - (1 - CONFIDENCE) / 2, df)) * se
    return math.exp(d), math.exp(d - half), math.exp(d + half), p


def holm(ps):
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    out, running = [0.0] * len(ps), 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(ps) - rank) * ps[i]))
        out[i] = running
    return out


def change(ratio, p_holm, threshold):
    if p_holm > ALPHA:
        return 'no change'
    if ratio >= 1 + threshold:
        return 'slower'
    return 'faster' if ratio <= 1 / (1 + threshold) else 'no change'


def decide(samples, threshold):
    tests = [welch(s['a'], s['b']) if min(len(s['a']), len(s['b'])) >= MIN_REPETITIONS else None for s in samples]
    adjusted = iter(holm([t[3] for t in tests if t is not None]))
    out = []
    for s, t in zip(samples, tests):
        row = {'step': s['step'], 'percentile': s['percentile'], 'repetitionsA': len(s['a']), 'repetitionsB': len(s['b'])}
        if t is None:
            if s['a'] and s['b']:
                row['ratio'] = math.exp(sum(map(math.log, s['b'])) / len(s['b']) - sum(map(math.log, s['a'])) / len(s['a']))
            row['change'] = 'too few repetitions to tell'
        else:
            p_holm = next(adjusted)
            row.update(ratio=t[0], low=t[1], high=t[2], p=t[3], pHolm=p_holm, change=change(t[0], p_holm, threshold))
        out.append(row)
    return out


def sample(step, a, b, percentile='p50'):
    return {'step': step, 'percentile': percentile, 'a': a, 'b': b}


def shifted(factor):
    """Five repetitions around 1000 × factor, spread ±6 %: p from 0.03 (×1.06) to 0.009 (×1.09) against BASE."""
    return [round(1000 * factor * n, 1) for n in SPREAD]


def scaled(values, factor):
    return [round(v * factor, 3) for v in values]


BASE = [1000.0, 1012.0, 991.0, 1005.0, 997.0]
SPREAD = [1.00, 1.06, 0.95, 1.04, 0.98]
NOISY = [820.0, 1350.0, 990.0, 1210.0, 760.0]

CASES = [
    ('the same values: ratio 1, p 1', 0.05, [sample('s', BASE, BASE)]),
    ('10% slower, tight repetitions: slower', 0.05, [sample('s', BASE, [1101.0, 1109.0, 1093.0, 1112.0, 1097.0])]),
    ('20% faster: faster', 0.05, [sample('s', BASE, [801.0, 812.0, 795.0, 806.0, 790.0])]),
    ('3% slower and significant: under the 5% threshold, no change', 0.05,
     [sample('s', BASE, [1031.0, 1042.0, 1020.0, 1035.0, 1027.0])]),
    ('the same 3% with threshold 0: slower', 0.0, [sample('s', BASE, [1031.0, 1042.0, 1020.0, 1035.0, 1027.0])]),
    ('10% slower with threshold 20%: no change', 0.2, [sample('s', BASE, [1101.0, 1109.0, 1093.0, 1112.0, 1097.0])]),
    ('30% slower but noisy repetitions: not significant', 0.05, [sample('s', NOISY, scaled(NOISY[::-1], 1.3)[:3])]),
    ('two repetitions: too few to tell, the ratio still shown', 0.05, [sample('s', [1000.0, 1010.0], [1500.0, 1490.0])]),
    ('three repetitions are enough', 0.05, [sample('s', [1000.0, 1010.0, 995.0], [1500.0, 1490.0, 1512.0])]),
    ('a run with no repetition: no ratio', 0.05, [sample('s', [], [1500.0, 1490.0, 1512.0])]),
    ('constant and equal (one histogram bucket): no change, p 1', 0.05, [sample('s', [250.0] * 3, [250.0] * 4)]),
    ('constant and different: exact, p 0', 0.05, [sample('s', [250.0] * 3, [300.0] * 3)]),
    ('one run constant: degrees of freedom from the other', 0.05, [sample('s', [250.0] * 4, [281.0, 290.0, 276.0, 285.0])]),
    ('Holm: each alone below 0.05, together none', 0.05, [
        sample('a', BASE, shifted(1.06)),
        sample('a', BASE, shifted(1.07), 'p99'),
        sample('b', BASE, shifted(1.08)),
        sample('b', BASE, NOISY, 'p99'),
        sample('c', BASE, NOISY[::-1]),
    ]),
    ('Holm: a larger p adjusted below a smaller one is raised to it', 0.05, [
        sample('s', BASE, shifted(1.09)),
        sample('s', BASE, shifted(1.08), 'p99'),
        sample('s', BASE, NOISY, 'p99.9'),
    ]),
    ('too few repetitions leave the family: Holm over the others only', 0.05, [
        sample('s', BASE, [1101.0, 1109.0, 1093.0, 1112.0, 1097.0]),
        sample('t', [1000.0, 1010.0], [1500.0, 1490.0]),
    ]),
    ('ten repetitions, 6% slower at p99.9 with a skewed tail: not significant', 0.05, [
        sample('s', [5100.0, 4900.0, 7000.0, 5300.0, 5000.0, 6100.0, 4950.0, 5200.0, 5050.0, 5500.0],
               [5400.0, 5300.0, 7300.0, 5600.0, 5350.0, 6500.0, 5250.0, 5500.0, 5400.0, 5800.0], 'p99.9'),
    ]),
    ('ten repetitions against four, 12% slower: slower', 0.05, [
        sample('s', [5100.0, 4900.0, 5300.0, 5000.0, 5200.0, 4950.0, 5200.0, 5050.0, 5150.0, 5000.0],
               [5700.0, 5650.0, 5900.0, 5600.0]),
    ]),
]


def main():
    cases = [{'name': name, 'threshold': threshold, 'samples': samples, 'expected': decide(samples, threshold)}
             for name, threshold, samples in CASES]
    json.dump({'formatVersion': 1, 'generatedBy': 'scripts/compare-golden-cases.py (SciPy %s)' % __import__('scipy').__version__,
               'alpha': ALPHA, 'confidence': CONFIDENCE, 'minRepetitions': MIN_REPETITIONS, 'cases': cases},
              sys.stdout, indent=1)
    sys.stdout.write('\n')


if __name__ == '__main__':
    main()
