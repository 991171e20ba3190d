"""Tests of paired.py, the statistics of scale-ab.sh (run by scripts/test.sh)."""
import math
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paired  # noqa: E402


class SignTestTests(unittest.TestCase):
    def test_every_round_lower_is_two_in_two_to_the_n(self):
        lower, n, p = paired.sign_test([-0.1] * 8)
        self.assertEqual((lower, n), (8, 8))
        self.assertAlmostEqual(p, 2 / 256)

    def test_an_even_split_is_certain(self):
        self.assertEqual(paired.sign_test([-1, 1, -1, 1]), (2, 4, 1.0))

    def test_an_uneven_split_counts_both_tails(self):
        # 3 of 8 lower: P(X <= 3) for binomial(8, 1/2), doubled.
        lower, n, p = paired.sign_test([-1, -1, -1, 1, 1, 1, 1, 1])
        self.assertEqual((lower, n), (3, 8))
        self.assertAlmostEqual(p, 2 * sum(math.comb(8, i) for i in range(4)) / 256)

    def test_ties_are_dropped(self):
        self.assertEqual(paired.sign_test([0, 0, -1, -1])[:2], (2, 2))
        self.assertEqual(paired.sign_test([0, 0]), (0, 0, 1.0))


class BootstrapTests(unittest.TestCase):
    def test_the_interval_is_reproducible_and_brackets_the_median(self):
        differences = [0.10, 0.12, 0.08, 0.11, 0.09, 0.15, 0.07, 0.13]
        first = paired.bootstrap_interval(differences)
        self.assertEqual(first, paired.bootstrap_interval(differences))
        low, high = first
        self.assertLessEqual(low, sorted(differences)[4])
        self.assertGreaterEqual(high, sorted(differences)[3])
        self.assertGreaterEqual(low, min(differences))
        self.assertLessEqual(high, max(differences))

    def test_a_constant_difference_has_no_width(self):
        self.assertEqual(paired.bootstrap_interval([0.2] * 5), (0.2, 0.2))


class ReportTests(unittest.TestCase):
    # Round 1: A 1.0 s at one instance, 1.5 s at 100 (ratio 1.5); B 1.0 and 1.2 (1.2).
    # Round 2: a slower host, both sides alike: A 2.0 and 3.0 (1.5); B 2.0 and 2.4 (1.2).
    LINES = [
        "1 0 1 1.0 2.0", "1 0 100 1.5 3.0", "1 1 1 1.0 2.0", "1 1 100 1.2 2.2",
        "2 1 1 2.0 4.0", "2 1 100 2.4 4.4", "2 0 1 2.0 4.0", "2 0 100 3.0 6.0",
    ]

    def test_ratios_are_taken_within_each_round(self):
        runs = paired.read_runs(self.LINES)
        rounds = paired.rounds_of(runs, 100)
        self.assertEqual(rounds, [1, 2])
        self.assertEqual(paired.ratios(runs, rounds, 0, 100), [(1.5, 1.5), (1.5, 1.5)])
        self.assertEqual(paired.ratios(runs, rounds, 1, 100), [(1.2, 1.1), (1.2, 1.1)])

    def test_a_round_missing_a_run_is_left_out(self):
        runs = paired.read_runs(self.LINES[:-1])
        self.assertEqual(paired.rounds_of(runs, 100), [1])

    def test_the_report_gives_the_medians_and_the_pairing(self):
        lines = paired.report(paired.read_runs(self.LINES), "a", "b", 100, 1_000_000)
        wall = next(line for line in lines if line.startswith("| wall ratio"))
        self.assertIn("| 1.500× | 1.200× | -0.300 | 2 of 2 |", wall)
        cpu = next(line for line in lines if line.startswith("| CPU ratio"))
        self.assertIn("| 1.500× | 1.100× | -0.400 | 2 of 2 |", cpu)
        # CPU µs a request: 2.0 s and 4.0 s over 1,000,000 requests at one instance.
        one = next(line for line in lines if line.startswith("| CPU µs a request at 1 "))
        self.assertIn("| 3.000 | 3.000 | +0.000 | 0 of 0 |", one)

    def test_no_complete_round_says_so(self):
        self.assertEqual(paired.report(paired.read_runs(self.LINES[:2]), "a", "b", 100, 1), ["no round has all four runs"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
