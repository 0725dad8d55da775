// Paired against unpaired: how many inputs (one conversation each per variant) reach 80% power
// for a true difference of 10 points in a rate (70% against 80%), when the two variants find the
// same inputs hard (a shared per-input difficulty, as prompts of one model do). Paired: McNemar's
// exact test over inputs (what Remora uses within an experiment); unpaired: Newcombe's interval
// and its p-value (what it uses across experiments). Seeded; prints the figures and the
// planner's predictions. Run: npx tsx bench/paired-power.ts
import { comparePairedRates, compareUnpairedRates } from '../lib/metrics/compare-rates';
import { planSampleSize } from '../lib/metrics/power';
import { seededRandom } from '../lib/metrics/random';
import { normalDraw } from '../lib/metrics/simulate';

const EXPERIMENTS = 1_000;
const logistic = (x: number) => 1 / (1 + Math.exp(-x));
const logit = (p: number) => Math.log(p / (1 - p));
const SPREAD = 1.5;

/** Offsets that give overall rates of `target` once the shared difficulty is mixed in. */
function offsetFor(target: number): number {
  const random = seededRandom(99);
  const draws = Array.from({ length: 20_000 }, () => normalDraw(random) * SPREAD);
  let low = -10;
  let high = 10;
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2;
    const rate = draws.reduce((sum, u) => sum + logistic(middle + u), 0) / draws.length;
    if (rate < target) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

const offsetA = offsetFor(0.7);
const offsetB = offsetFor(0.8);

function power(inputs: number, seed: number): { paired: number; unpaired: number; discordance: number } {
  const random = seededRandom(seed);
  let paired = 0;
  let unpaired = 0;
  let discordant = 0;
  for (let experiment = 0; experiment < EXPERIMENTS; experiment++) {
    const pairs = Array.from({ length: inputs }, (_, input) => {
      const u = normalDraw(random) * SPREAD;
      const a = random() < logistic(offsetA + u) ? 1 : 0;
      const b = random() < logistic(offsetB + u) ? 1 : 0;
      if (a !== b) discordant++;
      return { input, a: { successes: a, trials: 1 }, b: { successes: b, trials: 1 } };
    });
    if ((comparePairedRates(pairs).p as number) < 0.05) paired++;
    if (
      (compareUnpairedRates(
        pairs.map((pair) => pair.a),
        pairs.map((pair) => pair.b),
      ).p as number) < 0.05
    )
      unpaired++;
  }
  return {
    paired: paired / EXPERIMENTS,
    unpaired: unpaired / EXPERIMENTS,
    discordance: discordant / (EXPERIMENTS * inputs),
  };
}

const sizes = [40, 60, 80, 100, 120, 140, 160, 180, 200, 220, 240, 260, 280, 300, 340];
let pairedAt: number | null = null;
let unpairedAt: number | null = null;
let discordance = 0;
console.log('inputs  paired power  unpaired power');
for (const size of sizes) {
  const result = power(size, size);
  discordance = result.discordance;
  console.log(
    `${String(size).padStart(6)}  ${result.paired.toFixed(3).padStart(12)}  ${result.unpaired.toFixed(3).padStart(14)}`,
  );
  if (pairedAt === null && result.paired >= 0.8) pairedAt = size;
  if (unpairedAt === null && result.unpaired >= 0.8) unpairedAt = size;
}
const plan = planSampleSize({ baseline: 0.7, difference: 0.1, discordance });
console.log(
  `80% power for 70% against 80%: paired ${pairedAt ?? '>340'} inputs, unpaired ${unpairedAt ?? '>340'} inputs ` +
    `(simulated, ${EXPERIMENTS} experiments per size)`,
);
console.log(
  `planner: paired ${plan.pairedInputs} inputs (discordance ${discordance.toFixed(3)}), ` +
    `unpaired ${plan.unpairedInputs} inputs`,
);
