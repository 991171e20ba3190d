"""Paired comparison of two daemon commands on the scale workload (used by scale-ab.sh).

The input is one line per run: ROUND SIDE INSTANCES WALL_SECONDS CPU_SECONDS, SIDE 0 for A and
1 for B, INSTANCES 1 or the large count. Each side's ratio in a round is its run at the large
count over its run at one instance in that round; the comparison pairs B's ratio with A's in the
same round, so that what changes from round to round on a busy host (both sides alike) cancels.

    python3 paired.py RESULTS LABEL_A LABEL_B INSTANCES REQUESTS
"""
import math
import random
import statistics
import sys


def sign_test(differences):
    """(rounds where B was lower, rounds that differ, the two-sided sign test's p-value).

    Under "B is as likely lower as higher" the lower count is binomial(n, 1/2); the p-value is
    the chance of a split at least as uneven as this one, either way. Ties are dropped.
    """
    nonzero = [d for d in differences if d != 0]
    n = len(nonzero)
    lower = sum(1 for d in nonzero if d < 0)
    if n == 0:
        return lower, n, 1.0
    k = min(lower, n - lower)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return lower, n, min(1.0, 2 * tail)


def bootstrap_interval(differences, draws=10000, seed=7, level=0.90):
    """A percentile bootstrap interval of the median difference (seeded: reproducible)."""
    rng = random.Random(seed)
    medians = sorted(statistics.median(rng.choices(differences, k=len(differences))) for _ in range(draws))
    cut = (1 - level) / 2
    return medians[int(cut * draws)], medians[int((1 - cut) * draws) - 1]


def read_runs(lines):
    """{(round, side, instances): (wall, cpu)} from the results lines."""
    runs = {}
    for line in lines:
        if not line.strip():
            continue
        r, s, n, wall, cpu = line.split()
        runs[(int(r), int(s), int(n))] = (float(wall), float(cpu))
    return runs


def rounds_of(runs, instances):
    """The rounds in which both sides have both runs."""
    candidates = sorted({r for r, _, _ in runs})
    return [r for r in candidates if all((r, s, n) in runs for s in (0, 1) for n in (1, instances))]


def ratios(runs, rounds, side, instances):
    """Per round: (wall ratio, CPU ratio) of `side`, `instances` over one instance."""
    return [(runs[(r, side, instances)][0] / runs[(r, side, 1)][0],
             runs[(r, side, instances)][1] / runs[(r, side, 1)][1]) for r in rounds]


def report(runs, label_a, label_b, instances, requests):
    """The comparison as Markdown lines."""
    rounds = rounds_of(runs, instances)
    if not rounds:
        return ["no round has all four runs"]
    a, b = ratios(runs, rounds, 0, instances), ratios(runs, rounds, 1, instances)
    out = [f"{len(rounds)} interleaved rounds, {instances:,} instances against 1, {requests:,} requests a run", "",
           f"| | {label_a} | {label_b} | {label_b} − {label_a} (median of the rounds' differences) | rounds {label_b} lower | sign test p | bootstrap 90% interval |",
           "|---|---:|---:|---:|---:|---:|---|"]

    def row(name, xa, xb, unit):
        differences = [y - x for x, y in zip(xa, xb)]
        lower, n, p = sign_test(differences)
        lo, hi = bootstrap_interval(differences)
        return (f"| {name} | {statistics.median(xa):.3f}{unit} | {statistics.median(xb):.3f}{unit} | "
                f"{statistics.median(differences):+.3f} | {lower} of {n} | {p:.3f} | {lo:+.3f} to {hi:+.3f} |")

    out.append(row("wall ratio", [x[0] for x in a], [x[0] for x in b], "×"))
    out.append(row("CPU ratio", [x[1] for x in a], [x[1] for x in b], "×"))
    for name, count in (("CPU µs a request at 1", 1), (f"CPU µs a request at {instances:,}", instances)):
        xa = [runs[(r, 0, count)][1] / requests * 1e6 for r in rounds]
        xb = [runs[(r, 1, count)][1] / requests * 1e6 for r in rounds]
        out.append(row(name, xa, xb, ""))
    out += ["", "per round (wall ratio, CPU ratio):"]
    out += [f"  {r}: {label_a} {x[0]:.3f} {x[1]:.3f}   {label_b} {y[0]:.3f} {y[1]:.3f}" for r, x, y in zip(rounds, a, b)]
    return out


if __name__ == "__main__":
    path, label_a, label_b, instances, requests = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    with open(path) as results:
        print("\n".join(report(read_runs(results), label_a, label_b, instances, requests)))
