// What `remora harness --detect POINTS` says before it runs: how many distinct inputs the chosen
// difference needs, and plainly when this run's inputs cannot reach it (more conversations of the
// same inputs add no evidence at temperature 0).
import type { RemoraDatabase } from '../db/client';
import type { ExperimentConfig } from '../experiment-config/experiment-config';
import { earlyStopSizeNote } from '../experiments/early-stop-size';
import { planFromHistory } from '../experiments/plan-checks';
import type { RateMetricName } from '../metrics/input-facts';

const RATE_METRICS: readonly string[] = [
  'toolCallRate',
  'validCallRate',
  'completionRate',
  'taskSuccessRate',
  'customCheckRate',
];

export function sizeNote(database: RemoraDatabase, config: ExperimentConfig, difference: number): string {
  const metric = (
    config.primaryMetric && RATE_METRICS.includes(config.primaryMetric) ? config.primaryMetric : 'completionRate'
  ) as RateMetricName;
  const plan = planFromHistory(database, config.agent, metric, difference, 0.8);
  const inputs = config.storedCases?.count ?? config.inputs.length;
  const points = Number((difference * 100).toFixed(1));
  const source = plan.fromExperiment
    ? `from this agent's experiment ${plan.fromExperiment.slice(0, 8)}`
    : 'no history for this agent: assumed 80% and independent variants';
  const reach =
    inputs >= plan.pairedInputs
      ? `this run has ${inputs} distinct inputs: enough`
      : `this run has only ${inputs} distinct inputs: it cannot tell a ${points}-point difference, however many ` +
        'conversations it runs; add inputs (or use a dataset), or plan for a larger difference';
  const live = config.stopEarly
    ? earlyStopSizeNote({ baseline: plan.baseline, difference, discordance: plan.discordance }, inputs)
    : '';
  return (
    `To tell a ${points}-point difference in ${metric} with 80% power: about ${plan.pairedInputs} distinct inputs ` +
    `per variant (paired; ${source}). ${reach[0].toUpperCase()}${reach.slice(1)}.${live}`
  );
}
