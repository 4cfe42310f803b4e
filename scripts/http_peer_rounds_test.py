import math
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import http_peer_rounds as rounds  # noqa: E402

NAN = math.nan


class JudgeTest(unittest.TestCase):
    def test_ours_between_two_wrk_runs_is_compared_with_their_mean(self):
        ratio, cpu, apart, verdict = rounds.judge(95, 0.10, [170_000], [140_000, 150_000], [84, 86], 130_000, 80)
        self.assertAlmostEqual(ratio, 170 / 145)
        self.assertEqual(cpu, 85)
        self.assertAlmostEqual(apart, 150 / 140 - 1)
        self.assertEqual(verdict, rounds.COUNTED)

    def test_wrk_between_two_of_ours_and_h2load_the_better_peer(self):
        ratio, cpu, _, verdict = rounds.judge(95, 0.10, [160_000, 170_000], [120_000], [80], 140_000, 88)
        self.assertAlmostEqual(ratio, 165 / 140)
        self.assertEqual(cpu, 88)
        self.assertEqual(verdict, rounds.COUNTED)

    def test_brackets_in_two_modes_leave_the_round_out(self):
        # ours 172k, then 136k: the host's loopback mode changed between them; wrk in the middle says nothing
        verdict = rounds.judge(95, 0.10, [172_000, 136_000], [148_000], [86], 130_000, 80)[3]
        self.assertEqual(verdict, rounds.MODE_CHANGED)
        verdict = rounds.judge(95, 0.10, [136_000], [149_000, 114_000], [86, 85], 130_000, 80)[3]
        self.assertEqual(verdict, rounds.MODE_CHANGED)

    def test_a_spread_of_exactly_the_split_still_counts(self):
        self.assertEqual(rounds.judge(95, 0.10, [150_000], [100_000, 110_000], [80, 80], NAN, NAN)[3], rounds.COUNTED)

    def test_a_better_peer_that_saturated_the_server_leaves_the_round_out(self):
        # nginx-like: wrk's runs kept the server 96-97 % busy; ours level with it proves nothing either way
        verdict = rounds.judge(95, 0.10, [118_000], [117_000, 116_000], [97, 96], 110_000, 80)[3]
        self.assertEqual(verdict, rounds.SERVER_BOUND)
        self.assertEqual(rounds.judge(95, 0.10, [100_000], [117_000], [95], 110_000, 80)[3], rounds.SERVER_BOUND)

    def test_a_slower_ours_against_a_peer_that_left_the_server_room_is_counted_and_loses(self):
        ratio, _, _, verdict = rounds.judge(95, 0.10, [130_000, 131_000], [141_000], [84], 128_000, 80)
        self.assertEqual(verdict, rounds.COUNTED)
        self.assertLess(ratio, 1.0)

    def test_a_run_without_a_figure_is_not_counted_and_h2load_without_one_is_no_peer(self):
        self.assertEqual(rounds.judge(95, 0.10, [NAN], [140_000, 141_000], [86, 86], 120_000, 80)[3], rounds.NO_FIGURE)
        self.assertEqual(rounds.judge(95, 0.10, [150_000], [140_000, NAN], [86, 0], 120_000, 80)[3], rounds.NO_FIGURE)
        ratio, _, _, verdict = rounds.judge(95, 0.10, [150_000], [140_000, 140_000], [86, 86], NAN, NAN)
        self.assertAlmostEqual(ratio, 150 / 140)
        self.assertEqual(verdict, rounds.COUNTED)


class SummaryTest(unittest.TestCase):
    def test_only_counted_rounds_make_the_median_and_the_left_out_are_numbered(self):
        row = rounds.summary("50", [(1.20, True, 86), (0.90, False, 85), (1.10, True, 85)], [1.05])
        self.assertEqual(row, "| 50 | 1.15× | 1.10–1.20 | 2 of 2 | 1 | 1.05× | 85 % |")

    def test_a_size_with_no_round_counted_says_so(self):
        row = rounds.summary("10", [(1.09, False, 96), (1.03, False, 98)], [])
        self.assertEqual(row, "| 10 | no round counted | | 0 of 0 | 2 | - | 97 % |")


class CommandLineTest(unittest.TestCase):
    SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "http_peer_rounds.py")

    def run_script(self, *args):
        return subprocess.run([sys.executable, self.SCRIPT, *args], capture_output=True, text=True, check=True).stdout

    def test_a_round_and_a_summary(self):
        out = self.run_script("round", "95", "0.10", "170000", "140000,150000", "84,86", "130000", "79")
        self.assertEqual(out.strip(), "1.1724 1 85.0 145000 | 1.17× | 7 % | counted")
        out = self.run_script("round", "95", "0.10", "172000,136000", "148000", "86", "130000", "80")
        self.assertIn("| 26 % | mode changed: not counted", out)
        out = self.run_script("round", "95", "0.10", "118000", "117000,116000", "97,96", "110000", "80")
        self.assertIn("server-bound (96 %): not counted", out)
        row = self.run_script("summary", "150", "1.17 1 85.0", "1.01 0 97.0", "--", "1.10").strip()
        self.assertEqual(row, "| 150 | 1.17× | 1.17–1.17 | 1 of 1 | 1 | 1.10× | 91 % |")


if __name__ == "__main__":
    unittest.main()
