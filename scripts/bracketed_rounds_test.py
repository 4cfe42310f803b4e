#!/usr/bin/env python3
"""Tests of bracketed_rounds.py, make bench-echo's judge of a round: a mode change must leave its round out, and a
round in one mode must count whichever tool sat in the middle."""
import unittest

from bracketed_rounds import round_ratio, summary


class BracketedRoundsTest(unittest.TestCase):

    def test_ours_in_the_middle_is_compared_with_the_mean_of_the_peers_brackets(self):
        r50, r99, spread, counted = round_ratio("isobench", 0.10, 4.4, 5.0, 4.2, 5.2, 4.6, 4.8)
        self.assertAlmostEqual(r50, 1.0)
        self.assertAlmostEqual(r99, 1.0)
        self.assertAlmostEqual(spread, 4.6 / 4.2 - 1)
        self.assertTrue(counted)

    def test_the_peer_in_the_middle_is_the_denominator(self):
        r50, r99, _, counted = round_ratio("sockperf", 0.10, 5.0, 6.0, 4.4, 5.7, 4.6, 5.7)
        self.assertAlmostEqual(r50, 0.9)
        self.assertAlmostEqual(r99, 0.95)
        self.assertTrue(counted)

    def test_brackets_in_two_modes_leave_the_round_out(self):
        # the host switched from the fast mode (4.3 µs) to the slow (5.9 µs) during the round
        r50, _, spread, counted = round_ratio("isobench", 0.10, 4.4, 5.0, 4.3, 5.0, 5.9, 7.0)
        self.assertFalse(counted)
        self.assertGreater(spread, 0.3)
        self.assertLess(r50, 0.9, "measured as it came: a ratio of the host's, which is why it is not counted")

    def test_a_spread_of_exactly_the_split_counts(self):
        self.assertTrue(round_ratio("isobench", 0.25, 1, 1, 4.0, 1, 5.0, 1)[3])
        self.assertFalse(round_ratio("isobench", 0.2499, 1, 1, 4.0, 1, 5.0, 1)[3])
        # 5.5 over 5.0 is 0.1 + 9e-17 in floating point: still exactly the default split
        self.assertTrue(round_ratio("isobench", 0.10, 1, 1, 5.0, 1, 5.5, 1)[3])

    def test_the_summary_counts_only_rounds_in_one_mode_and_wins_need_both_percentiles(self):
        rounds = [(0.98, 0.99, 0.02), (0.97, 1.02, 0.01), (0.75, 0.90, 0.35), (1.01, 0.99, 0.03)]
        self.assertEqual(summary("tcp", 0.10, rounds), "| tcp | 0.98× (0.97–1.01) | 0.99× (0.99–1.02) | 1 of 3 | 1 |")

    def test_no_round_in_one_mode_says_so(self):
        self.assertEqual(summary("udp", 0.10, [(0.8, 0.8, 0.3)]), "| udp | no round counted | | 0 of 0 | 1 |")


if __name__ == "__main__":
    unittest.main()
