// The statistics checked by simulation (seeded, so each run sees the same experiments): the
// clustered intervals keep their coverage when responses cluster in conversations and inputs
// repeat identically, and A/A experiments declare a difference at most 5% of the time, both at
// the end and for a user who looks every 10 conversations and stops at the first "difference".
import { describe, expect, it } from 'vitest';
import { clusteredRate, type Cluster } from './clustered';
import { comparePairedRates } from './compare-rates';
import { wilsonInterval } from './proportions';
import { seededRandom } from './random';
import { anytimeDifference } from './sequential';
import { inputRates, simulateClusters, type Design } from './simulate';

const EXPERIMENTS = 2_000;

function coverage(
  design: Design,
  mean: number,
  spread: number,
  seed: number,
): { clustered: number; independent: number } {
  const random = seededRandom(seed);
  let clustered = 0;
  let independent = 0;
  for (let experiment = 0; experiment < EXPERIMENTS; experiment++) {
    const clusters = simulateClusters(random, design, inputRates(random, design.inputs, mean, spread));
    const rate = clusteredRate(clusters);
    if ((rate.low as number) <= mean && mean <= (rate.high as number)) clustered++;
    const wilson = wilsonInterval(rate.successes, rate.trials);
    if ((wilson.low as number) <= mean && mean <= (wilson.high as number)) independent++;
  }
  return { clustered: clustered / EXPERIMENTS, independent: independent / EXPERIMENTS };
}

describe('coverage of the 95% intervals of per-response rates', () => {
  // 500 conversations over 26 inputs (the harness agent's), 1 to 3 responses each that share
  // their outcome 70% of the time, per-input rates spread as Beta(1.6, 0.4).
  const harness: Design = {
    inputs: 26,
    conversations: 500,
    identicalRepeats: true,
    sharedOutcome: 0.7,
    maxResponses: 3,
  };

  it.each([
    ['identical repeats at temperature 0', harness, 0.8, 2],
    ['fresh repeats', { ...harness, identicalRepeats: false }, 0.8, 2],
    ['60 inputs, rates spread around one half', { ...harness, inputs: 60, conversations: 300 }, 0.5, 1],
    ['100 inputs seen once each', { ...harness, inputs: 100, conversations: 100 }, 0.9, 2],
  ] as const)(
    'stays within 93-97%% with %s, where the independent Wilson interval does not',
    (_name: string, design: Design, mean: number, spread: number) => {
      const result = coverage(design, mean, spread, 7);
      expect(result.clustered).toBeGreaterThanOrEqual(0.93);
      expect(result.clustered).toBeLessThanOrEqual(0.97);
      expect(result.independent).toBeLessThan(0.9);
    },
  );
});

type Run = { a: Cluster[]; b: Cluster[]; firstA: Cluster[]; firstB: Cluster[] };

/** An A/A experiment: two variants of equal quality whose answers per input are drawn apart. */
function aaRun(random: () => number, design: Design): Run {
  const rates = inputRates(random, design.inputs, 0.7, 2);
  const firstDesign = { ...design, conversations: design.inputs };
  const a = simulateClusters(random, design, rates);
  const b = simulateClusters(random, design, rates);
  // The first repeat of each input; with identical repeats it is every repeat.
  const firstA = design.identicalRepeats
    ? a.map((cluster, input) => scaleToOne(cluster, input, design))
    : simulateClusters(random, firstDesign, rates);
  const firstB = design.identicalRepeats
    ? b.map((cluster, input) => scaleToOne(cluster, input, design))
    : simulateClusters(random, firstDesign, rates);
  return { a, b, firstA, firstB };
}

function scaleToOne(cluster: Cluster, input: number, design: Design): Cluster {
  const repeats =
    Math.floor(design.conversations / design.inputs) + (input < design.conversations % design.inputs ? 1 : 0);
  return { successes: cluster.successes / repeats, trials: cluster.trials / repeats };
}

describe('A/A experiments (equal true rates): the share that declares a difference', () => {
  const designs: Design[] = [
    { inputs: 26, conversations: 104, identicalRepeats: true, sharedOutcome: 0.7, maxResponses: 3 },
    { inputs: 26, conversations: 104, identicalRepeats: false, sharedOutcome: 0.7, maxResponses: 3 },
    { inputs: 40, conversations: 40, identicalRepeats: true, sharedOutcome: 1, maxResponses: 1 },
  ];

  it.each(designs)(
    'stays at most 5.5% at the end and for a user who looks every 10 conversations: ' +
      '$inputs inputs, $conversations conversations, identical repeats $identicalRepeats',
    (design) => {
      const random = seededRandom(11);
      let finalDifferences = 0;
      let peekingDifferences = 0;
      let naivePeekingDifferences = 0;
      for (let experiment = 0; experiment < EXPERIMENTS; experiment++) {
        const run = aaRun(random, design);
        const final = comparePairedRates(run.a.map((a, input) => ({ input, a, b: run.b[input] })));
        if ((final.p as number) < 0.05) finalDifferences++;
        // Looks after every 10 conversations (5 a variant): the live verdict uses the inputs whose first pair is in.
        const differences = run.firstA.map(
          (a, input) => run.firstB[input].successes / run.firstB[input].trials - a.successes / a.trials,
        );
        let declared = false;
        let naive = false;
        for (let look = 5; look < design.inputs + 5 && !declared; look += 5) {
          const seen = Math.min(look, design.inputs);
          const live = anytimeDifference(differences.slice(0, seen));
          if ((live.p as number) < 0.05) declared = true;
          // Yesterday's live verdict: the fixed-sample test read at every look.
          const fixed = comparePairedRates(
            run.firstA.slice(0, seen).map((a, input) => ({ input, a, b: run.firstB[input] })),
          );
          if (fixed.p !== null && fixed.p < 0.05) naive = true;
        }
        if (declared) peekingDifferences++;
        if (naive) naivePeekingDifferences++;
      }
      const share = (count: number) => `${((100 * count) / EXPERIMENTS).toFixed(2)}%`;
      console.log(
        `A/A ${design.inputs} inputs, ${design.conversations} conversations: final ${share(finalDifferences)}, ` +
          `live at every look ${share(peekingDifferences)}, fixed test at every look ${share(naivePeekingDifferences)}`,
      );
      expect(finalDifferences / EXPERIMENTS).toBeLessThanOrEqual(0.055);
      expect(peekingDifferences / EXPERIMENTS).toBeLessThanOrEqual(0.055);
      // The check can fail: reading a fixed-sample test at every look does exceed it.
      expect(naivePeekingDifferences / EXPERIMENTS).toBeGreaterThan(finalDifferences / EXPERIMENTS);
    },
  );
});
