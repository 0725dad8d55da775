"""Reference numbers for the statistics' unit tests, computed once with scipy/numpy and committed
(lib/metrics/fixtures/statistics-reference.json), so the tests compare against an independent
implementation without needing Python at test time.

Run again with: python3 scripts/statistics-reference.py > lib/metrics/fixtures/statistics-reference.json
"""
import json
import math

from scipy import optimize, stats


def tango_score(n12, n21, n, delta):
    a = 2 * n
    b = -n12 - n21 + (2 * n - n12 + n21) * delta
    c = -n21 * delta * (1 - delta)
    p21 = (math.sqrt(max(0.0, b * b - 4 * a * c)) - b) / (2 * a)
    variance = n * (2 * p21 + delta * (1 - delta))
    numerator = n12 - n21 - n * delta
    if variance <= 0:
        return 0.0 if numerator == 0 else math.copysign(math.inf, numerator)
    return numerator / math.sqrt(variance)


def tango_interval(n12, n21, n, confidence=0.95):
    z = stats.norm.ppf(1 - (1 - confidence) / 2)
    estimate = (n12 - n21) / n
    lo_f = lambda d: tango_score(n12, n21, n, d) - z
    hi_f = lambda d: tango_score(n12, n21, n, d) + z
    low = -1.0 if lo_f(-1.0) <= 0 else optimize.brentq(lo_f, -1.0, estimate, xtol=1e-13)
    high = 1.0 if hi_f(1.0) >= 0 else optimize.brentq(hi_f, estimate, 1.0, xtol=1e-13)
    return low, high


def paired_tables():
    tables = [(6, 16, 161), (0, 0, 20), (5, 0, 20), (20, 0, 20), (3, 1, 50), (30, 12, 200), (0, 7, 10), (100, 80, 1000)]
    out = []
    for n12, n21, n in tables:
        low, high = tango_interval(n12, n21, n)
        discordant = n12 + n21
        exact = 1.0 if discordant == 0 else stats.binomtest(n12, discordant, 0.5).pvalue
        asymptotic = 2 * stats.norm.sf(abs(tango_score(n12, n21, n, 0.0)))
        out.append({"onlyB": n12, "onlyA": n21, "inputs": n, "low": low, "high": high,
                    "exactP": exact, "scoreP": asymptotic})
    return out


if __name__ == "__main__":
    print(json.dumps({"generatedBy": "scripts/statistics-reference.py", "tango": paired_tables()}, indent=1))
