/*
 * The pure statistics of Remora's metrics, in one place for callers. Proportions (Wilson,
 * Newcombe, z test, Fisher) live in proportions.ts; samples (quantiles, Mann–Whitney,
 * bootstrap) in samples.ts; the normal distribution in normal.ts.
 */
export {
  wilsonInterval,
  twoProportionTest,
  fisherExactTest,
  compareProportions,
  type Interval,
  type ProportionDifference,
  type ProportionComparison,
} from './proportions';
export {
  mean,
  quantile,
  sortAscending,
  mannWhitneyU,
  bootstrapMeanDifference,
  normalMeanDifference,
  compareSamples,
  BOOTSTRAP_RESAMPLES,
  BOOTSTRAP_SEED,
  BOOTSTRAP_MAX_VALUES,
  type MannWhitneyResult,
  type MeanDifference,
  type SampleComparison,
  type BootstrapOptions,
} from './samples';
export { normalQuantile, normalTwoSidedPValue } from './normal';
export { seededRandom } from './random';
