/*
 * The pure statistics of Remora's metrics, in one place for callers. Proportions (Wilson,
 * Newcombe, z test, Fisher) live in proportions.ts; samples (quantiles, Mann–Whitney,
 * bootstrap) in samples.ts; the normal distribution in normal.ts.
 */
export { wilsonInterval, twoProportionTest, fisherExactTest, compareProportions } from './proportions';
export {
  mean,
  quantile,
  mannWhitneyU,
  bootstrapMeanDifference,
  normalMeanDifference,
  compareSamples,
  BOOTSTRAP_MAX_VALUES,
} from './samples';
export { normalQuantile, normalTwoSidedPValue } from './normal';
export { seededRandom } from './random';
