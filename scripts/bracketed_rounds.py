#!/usr/bin/env python3
"""A bench round that brackets one tool's run between two of the other's (A B A), judged as a ratio of ours to the peer.

This host runs loopback in two modes whose p50s lie about 35 % apart, for any program, switching now within a minute,
now after several. Two runs side by side can land in different modes and make a ratio of the host's, not the tools'.
The two bracket runs of one tool tell whether the mode held: when their p50s differ by more than the split, it changed
during the round, and the round is shown but not counted.

  round MIDDLE SPLIT M50 M99 A50 A99 B50 B99 → "r50 r99 spread cells" (cells: the round's table cells)
  summary PROTO SPLIT "r50 r99 spread"... → the summary table's row
"""
import statistics
import sys


def spread(runs):
    """How far one tool's runs in a round lie apart, as a fraction of the lowest; 0 for a single run."""
    return max(runs) / min(runs) - 1 if len(runs) > 1 and min(runs) > 0 else 0.0


def one_mode(apart, split):
    """Whether runs `apart` saw one host mode: a spread of exactly the split counts (5.5 over 5.0 is 0.1 + 9e-17)."""
    return round(apart, 9) <= split


def round_ratio(middle, split, m50, m99, a50, a99, b50, b99):
    """→ (ours/peer at p50, at p99, the brackets' p50 spread, counted): the brackets' mean stands for their tool."""
    o50, o99 = (a50 + b50) / 2, (a99 + b99) / 2
    r50, r99 = (m50 / o50, m99 / o99) if middle == "isobench" else (o50 / m50, o99 / m99)
    apart = spread([a50, b50])
    return r50, r99, apart, one_mode(apart, split)


def summary(proto, split, rounds):
    """rounds: (r50, r99, spread) each → the summary row over the counted rounds, and how many were not counted."""
    counted = [r for r in rounds if one_mode(r[2], split)]
    left_out = len(rounds) - len(counted)
    if not counted:
        return "| %s | no round counted | | 0 of 0 | %d |" % (proto, left_out)
    p50, p99 = [r[0] for r in counted], [r[1] for r in counted]
    won = sum(1 for a, b in zip(p50, p99) if a <= 1.0 and b <= 1.0)
    return "| %s | %.2f× (%.2f–%.2f) | %.2f× (%.2f–%.2f) | %d of %d | %d |" % (
        proto, statistics.median(p50), min(p50), max(p50), statistics.median(p99), min(p99), max(p99),
        won, len(counted), left_out)


def main(argv):
    if argv[0] == "round":
        middle, split = argv[1], float(argv[2])
        r50, r99, spread, counted = round_ratio(middle, split, *map(float, argv[3:9]))
        print("%.4f %.4f %.4f %.2f× | %.2f× | %.0f %% | %s" % (
            r50, r99, spread, r50, r99, spread * 100, "counted" if counted else "mode changed: not counted"))
    elif argv[0] == "summary":
        print(summary(argv[1], float(argv[2]), [tuple(map(float, r.split())) for r in argv[3:]]))
    else:
        raise SystemExit("bracketed_rounds.py: unknown command %r (round or summary)" % argv[0])


if __name__ == "__main__":
    main(sys.argv[1:])
