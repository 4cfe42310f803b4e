#!/usr/bin/env python3
"""A round of make bench-http-peers judged: ours against the better of wrk and h2load, counted only when the round
measured the generators in one host mode and the better peer's run left the server room.

Host mode: this host runs loopback in two modes (req/s about 20-25 % apart for any generator, switching now within a
minute, now after several; BENCHMARKS.md, Loopback echo). Each round brackets one of ours and wrk between two runs of
the other (A B A, the middle drawn per round); when the two bracket runs differ by more than SPLIT (default 10 %), the
mode changed during the round, and the round is shown but not counted. The bracketed tool's figure is its two runs'
mean.

Server: a generator's req/s through N connections says how fast the generator is only while the server keeps up. When
the better peer's run kept the server's CPU at BOUND % or more (default 95), that peer may have been held back by the
server, and ours reaching the same figure says nothing: not counted. When the better peer ran with the server below
BOUND, the peer was the limit of its own run, and ours ≥ it means ours is at least as fast whether or not ours then met
the server's limit (a ratio ours reached against a saturated server only understates ours).

  round BOUND SPLIT OURS WRK WRK_CPU H2LOAD H2LOAD_CPU → "ratio counted peer_cpu peer_req/s | cells"
      OURS, WRK, WRK_CPU: one figure, or the bracketing tool's two joined by a comma
  summary N "ratio counted peer_cpu"... [-- "open ratio"...] → the summary table's row
"""
import math
import statistics
import sys

from bracketed_rounds import one_mode, spread

COUNTED, MODE_CHANGED, SERVER_BOUND, NO_FIGURE = "counted", "mode changed", "server-bound", "no figure"


def better_peer(wrk, wrk_cpu, h2load, h2load_cpu):
    """→ (req/s, server CPU %) of the better of wrk (its runs' mean) and h2load (left out without a figure)."""
    peers = [(statistics.mean(wrk), statistics.mean(wrk_cpu))]
    if not math.isnan(h2load):
        peers.append((h2load, h2load_cpu))
    return max(peers)


def judge(bound, split, ours, wrk, wrk_cpu, h2load, h2load_cpu):
    """ours, wrk, wrk_cpu: lists (two runs for the bracketing tool) → (ratio, peer CPU %, bracket spread, verdict)."""
    if any(math.isnan(x) for x in ours + wrk):
        return math.nan, math.nan, math.nan, NO_FIGURE  # a run without a figure: nothing to compare, no mode to tell
    apart = spread(ours if len(ours) > 1 else wrk)
    best, cpu = better_peer(wrk, wrk_cpu, h2load, h2load_cpu)
    ratio = statistics.mean(ours) / best
    if not one_mode(apart, split):
        return ratio, cpu, apart, MODE_CHANGED
    if cpu >= bound:
        return ratio, cpu, apart, SERVER_BOUND
    return ratio, cpu, apart, COUNTED


def summary(n, rounds, open_ratios):
    """rounds: (ratio, counted, peer_cpu) each → the row over the counted rounds."""
    counted = [r for r in rounds if r[1] and not math.isnan(r[0])]
    left_out = len(rounds) - len(counted)
    cpus = [r[2] for r in rounds if not math.isnan(r[2])]
    cpu = "%.0f %%" % statistics.median(cpus) if cpus else "-"
    opened = [x for x in open_ratios if not math.isnan(x)]
    open_cell = "%.2f×" % statistics.median(opened) if opened else "-"
    if not counted:
        return "| %s | no round counted | | 0 of 0 | %d | %s | %s |" % (n, left_out, open_cell, cpu)
    ratios = [r[0] for r in counted]
    return "| %s | %.2f× | %.2f–%.2f | %d of %d | %d | %s | %s |" % (
        n, statistics.median(ratios), min(ratios), max(ratios), sum(1 for r in ratios if r >= 1.0), len(counted),
        left_out, open_cell, cpu)


def figures(arg):
    return [float(x) for x in arg.split(",")]


def main(argv):
    if argv[0] == "round":
        bound, split = float(argv[1]), float(argv[2])
        ours, wrk, wrk_cpu = figures(argv[3]), figures(argv[4]), figures(argv[5])
        ratio, cpu, apart, verdict = judge(bound, split, ours, wrk, wrk_cpu, float(argv[6]), float(argv[7]))
        cell = {COUNTED: "counted", NO_FIGURE: "no figure: not counted",
                MODE_CHANGED: "mode changed: not counted",
                SERVER_BOUND: "server-bound (%.0f %%): not counted" % cpu}[verdict]
        best = better_peer(wrk, wrk_cpu, float(argv[6]), float(argv[7]))[0]
        print("%.4f %d %s %.0f | %.2f× | %s | %s" % (
            ratio, verdict == COUNTED, "nan" if math.isnan(cpu) else "%.1f" % cpu, best, ratio,
            "-" if math.isnan(apart) else "%.0f %%" % (apart * 100), cell))
    elif argv[0] == "summary":
        n, rest = argv[1], argv[2:]
        cut = rest.index("--") if "--" in rest else len(rest)
        rounds = [(float(a), b == "1", float(c)) for a, b, c in (r.split() for r in rest[:cut])]
        print(summary(n, rounds, [float(x) for x in rest[cut + 1:]]))
    else:
        raise SystemExit("http_peer_rounds.py: unknown command %r (round or summary)" % argv[0])


if __name__ == "__main__":
    main(sys.argv[1:])
