/** The live verdict of a comparison while the experiment runs (sequential.ts). */
export type AnytimeVerdict = {
  difference: number | null;
  low: number | null;
  high: number | null;
  /** Anytime-valid p-value, and Holm's adjustment of it over the same family as the fixed-sample ones. */
  p: number | null;
  pAdjusted: number | null;
  /** Inputs whose first repeat ran on both sides so far. */
  inputs: number;
};
