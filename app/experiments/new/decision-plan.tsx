'use client';
// The decision part of the experiment form: the primary metric (the others are exploratory), an
// optional early stop, warnings about designs that cannot show a real difference (A/A, the
// simulator), and how many conversations a variant needs to detect a chosen difference.
import { METRIC_LABELS } from '@/lib/metrics/describe';
import { planSampleSize } from '@/lib/metrics/power';
import { earlyStopSizeNote } from '@/lib/experiments/early-stop-size';
import { planWarnings } from '@/lib/experiments/plan-warnings';
import type { ExperimentDraft } from '@/lib/panel/experiments/form-drafts';
import { FORM_PLANNED_POINTS } from '@/lib/panel/experiments/form-request';

const PRIMARY_CHOICES = [
  'toolCallRate',
  'validCallRate',
  'completionRate',
  'taskSuccessRate',
  'customCheckRate',
  'turnsToCompletion',
] as const;
// A dataset run scores one response per case: completion and turns mean nothing there (they are not compared).
const DATASET_CHOICES = [
  'toolCallRate',
  'validCallRate',
  'taskSuccessRate',
  'customCheckRate',
  'callAccuracy',
  'nameAccuracy',
  'argumentAccuracy',
] as const;

export type PowerHistory = { baseline: number; discordance: number | null; fromExperiment: string | null };

type Plan = ReturnType<typeof planSampleSize>;

/** The sample size the plan asks for, where its guesses come from, and whether the inputs can reach it. */
function powerHint(
  plan: Plan,
  points: string,
  baseline: number,
  history: PowerHistory | null,
  inputCount: number | null,
  stopEarly: boolean,
): string {
  const source = history?.fromExperiment
    ? `From this agent's experiment ${history.fromExperiment.slice(0, 8)}.`
    : 'No history for this agent: assumed 80% and independent variants.';
  const short =
    inputCount !== null && plan.pairedInputs > inputCount
      ? ` These inputs are only ${inputCount}: more conversations will not get there; add inputs (or use a dataset).`
      : '';
  const difference = Number(points) / 100;
  const live = stopEarly ? earlyStopSizeNote({ baseline, difference, discordance: plan.discordance }, inputCount) : '';
  return (
    `About ${plan.pairedInputs} distinct inputs per variant detect ${points} points near ` +
    `${(baseline * 100).toFixed(0)}% with 80% power (paired, as variants of one experiment are; ` +
    `${plan.unpairedInputs} unpaired). ${source} Repeats of an input at temperature 0 add no evidence.${short}${live}`
  );
}

export function DecisionPlan({
  draft,
  update,
  simulated,
  history,
  inputCount = null,
}: {
  draft: ExperimentDraft;
  update: (change: Partial<ExperimentDraft>) => void;
  simulated: boolean;
  history: PowerHistory | null;
  /** Distinct inputs the run has (the agent's, or the dataset's cases). */
  inputCount?: number | null;
}) {
  const points = draft.plannedDifference ?? FORM_PLANNED_POINTS;
  const warnings = planWarnings(
    draft.variants.map((variant) => ({
      name: variant.name,
      systemPrompt: variant.systemPrompt,
      settings: variant.settings as unknown as Record<string, unknown>,
      // Another server, model or family makes the variant another model, not an A/A twin.
      model: [variant.server, variant.baseUrl, variant.model, variant.family].join('|'),
    })),
    { simulated },
  );
  const difference = Number(points) / 100;
  const baseline = history?.baseline ?? 0.8;
  let plan: Plan | null = null;
  try {
    plan =
      difference > 0 ? planSampleSize({ baseline, difference, discordance: history?.discordance ?? undefined }) : null;
  } catch {
    plan = null;
  }
  return (
    <section className="card" data-testid="decision-plan">
      <div className="card-head">
        <h2>Decision</h2>
        <span className="muted">chosen before the run, so that the verdict is not picked after seeing the numbers</span>
      </div>
      <div className="form-grid">
        <div>
          <label htmlFor="primary-metric">Primary metric</label>
          <select
            id="primary-metric"
            value={draft.primaryMetric ?? ''}
            onChange={(event) => update({ primaryMetric: event.target.value })}
            data-testid="primary-metric"
          >
            <option value="">none: every comparison is exploratory</option>
            {(draft.inputSource.startsWith('dataset:') ? DATASET_CHOICES : PRIMARY_CHOICES)
              // The experiment's own check's rate only when the form gives one.
              .filter((metric) => metric !== 'customCheckRate' || Boolean(draft.customCheckSource?.trim()))
              .map((metric) => (
                <option key={metric} value={metric}>
                  {METRIC_LABELS[metric]}
                </option>
              ))}
          </select>
          <div className="field-hint">It decides; comparisons of the other metrics are labelled exploratory.</div>
        </div>
        <div>
          <label htmlFor="stop-early">
            <input
              id="stop-early"
              type="checkbox"
              checked={draft.stopEarly ?? false}
              onChange={(event) => update({ stopEarly: event.target.checked })}
              data-testid="stop-early"
            />{' '}
            Stop early once decided
          </label>
          <div className="field-hint">
            When the live, anytime-valid verdict has decided every chosen comparison; the conversations per variant stay
            the cap.
          </div>
        </div>
        <div>
          <label htmlFor="power-points">Difference to detect (points)</label>
          <input
            id="power-points"
            inputMode="decimal"
            value={points}
            onChange={(event) => update({ plannedDifference: event.target.value })}
            data-testid="power-points"
          />
          <div className="field-hint" data-testid="power-hint">
            {plan
              ? powerHint(plan, points, baseline, history, inputCount, draft.stopEarly ?? false)
              : 'Give a difference above 0.'}
          </div>
        </div>
        <div>
          <label htmlFor="no-worse-margin">No-worse margin (points, optional)</label>
          <input
            id="no-worse-margin"
            inputMode="decimal"
            value={draft.noWorseMargin ?? ''}
            onChange={(event) => update({ noWorseMargin: event.target.value })}
            data-testid="no-worse-margin"
          />
          <div className="field-hint">
            For an edit meant to be shorter or cheaper but no worse: each rate comparison says whether the later variant
            is at most this many points below the first (a non-inferiority test on the 95% interval).
          </div>
        </div>
      </div>
      {warnings.length > 0 ? (
        <div className="note" data-testid="plan-warnings">
          {warnings.map((warning) => (
            <div key={warning}>{warning}</div>
          ))}
        </div>
      ) : null}
    </section>
  );
}
