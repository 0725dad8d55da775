import { errorFunction } from 'simple-statistics';

/*
 * simple-statistics gives the normal distribution only approximately where it matters here:
 * its `probit` uses Winitzki's closed form (probit(0.975) = 1.9572 instead of 1.95996, which
 * moves every 95% interval), and its `cumulativeStdNormalProbability` is a 4-digit table
 * lookup. Its `errorFunction` (Numerical Recipes' erfc series, relative error < 1.2e-7) is good
 * enough for p-values, so it is used for the tail; the quantile function is Wichura's AS241.
 */

/** Two-sided p-value of a standard normal statistic: P(|Z| >= |z|). */
export function normalTwoSidedPValue(z: number): number {
  if (Number.isNaN(z)) return Number.NaN;
  // 1 - erf(|z|/sqrt 2) is the two-sided tail; it is never negative since erf <= 1.
  const tail = 1 - errorFunction(Math.abs(z) / Math.SQRT2);
  return Math.min(1, Math.max(0, tail));
}

/**
 * Quantile function of the standard normal distribution (the inverse CDF, "probit").
 * Algorithm AS241 (PPND16): Wichura, M. J. (1988), "The percentage points of the normal
 * distribution", Applied Statistics 37, 477–484; accurate to about 1e-16, the algorithm R's
 * qnorm uses.
 */
export function normalQuantile(p: number): number {
  if (Number.isNaN(p) || p < 0 || p > 1) return Number.NaN;
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) return centralQuantile(q);
  const r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  const value = r <= 5 ? nearTailQuantile(r) : farTailQuantile(r);
  return q < 0 ? -value : value;
}

/** The central region |q| <= 0.425: a rational function of q² (AS241 PPND16). */
function centralQuantile(q: number): number {
  const r = 0.180625 - q * q;
  return (
    (q *
      (((((((r * 2509.0809287301226727 + 33430.575583588128105) * r + 67265.770927008700853) * r +
        45921.953931549871457) *
        r +
        13731.693765509461125) *
        r +
        1971.5909503065514427) *
        r +
        133.14166789178437745) *
        r +
        3.387132872796366608)) /
    (((((((r * 5226.495278852545925 + 28729.085735721942674) * r + 39307.89580009271061) * r + 21213.794301586595867) *
      r +
      5394.1960214247511077) *
      r +
      687.1870074920579083) *
      r +
      42.313330701600911252) *
      r +
      1)
  );
}

/** The near tail, r = sqrt(-log(min(p, 1 - p))) <= 5. */
function nearTailQuantile(distance: number): number {
  const r = distance - 1.6;
  return (
    (((((((r * 7.7454501427834140764e-4 + 0.0227238449892691845833) * r + 0.24178072517745061177) * r +
      1.27045825245236838258) *
      r +
      3.64784832476320460504) *
      r +
      5.7694972214606914055) *
      r +
      4.6303378461565452959) *
      r +
      1.42343711074968357734) /
    (((((((r * 1.05075007164441684324e-9 + 5.475938084995344946e-4) * r + 0.0151986665636164571966) * r +
      0.14810397642748007459) *
      r +
      0.68976733498510000455) *
      r +
      1.6763848301838038494) *
      r +
      2.05319162663775882187) *
      r +
      1)
  );
}

/** The far tail, r > 5. */
function farTailQuantile(distance: number): number {
  const r = distance - 5;
  return (
    (((((((r * 2.01033439929228813265e-7 + 2.71155556874348757815e-5) * r + 0.0012426609473880784386) * r +
      0.026532189526576123093) *
      r +
      0.29656057182850489123) *
      r +
      1.7848265399172913358) *
      r +
      5.4637849111641143699) *
      r +
      6.6579046435011037772) /
    (((((((r * 2.04426310338993978564e-15 + 1.4215117583164458887e-7) * r + 1.8463183175100546818e-5) * r +
      7.868691311456132591e-4) *
      r +
      0.0148753612908506148525) *
      r +
      0.13692988092273580531) *
      r +
      0.59983220655588793769) *
      r +
      1)
  );
}
