// The experiment summary (the same JSON the command line prints) as tables: per variant rates with
// their 95% intervals, turns, latency, parse paths, outcomes, errors, and the A/B comparisons in words.
import type { SummaryJson, VariantSummaryJson } from '@/lib/metrics/summary-json';
import { differByModel } from '@/app/components/variant-model';
import { formatMilliseconds } from '@/lib/panel/format';
import { Comparisons } from './comparisons';
import { countKeySwatch } from '@/app/components/category-mark';
import { TokenCostHeaders } from '@/app/components/token-cost';
import { VariantRow, type RateKey } from './variant-row';
import type { TokenPrices } from '@/lib/metrics/cost';

const ACCURACY_COLUMNS: [RateKey, string][] = [
  ['callAccuracy', 'Call accuracy'],
  ['nameAccuracy', 'Tool-name accuracy'],
  ['argumentAccuracy', 'Argument accuracy'],
  ['irrelevanceAccuracy', 'Irrelevance accuracy'],
];

function retriedText(variant: VariantSummaryJson): string {
  return `${variant.name}: ${variant.retriedErrors ?? 0}, ${formatMilliseconds(variant.retryWaitMs ?? 0)} waiting`;
}

function CountTable({
  variants,
  pick,
  testId,
  empty,
}: {
  variants: VariantSummaryJson[];
  pick: (variant: VariantSummaryJson) => Record<string, number | undefined>;
  testId: 'parse-paths' | 'outcomes' | 'errors';
  empty: string;
}) {
  const keys = [...new Set(variants.flatMap((variant) => Object.keys(pick(variant))))];
  if (keys.length === 0)
    return (
      <p className="muted" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  return (
    <div className="table-scroll">
      <table data-testid={testId}>
        <thead>
          <tr>
            <th>Variant</th>
            {keys.map((key) => (
              <th key={key} className="number raw">
                {countKeySwatch(testId, key)}
                {key}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {variants.map((variant) => (
            <tr key={variant.name}>
              <td>{variant.name}</td>
              {keys.map((key) => (
                <td key={key} className="number">
                  {pick(variant)[key] ?? 0}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const TASK_SUCCESS_MEANS = "The agent's own check of its result: the work is done, not only the conversation ended";
const COMPLETION_MEANS =
  'Conversations that ended as submitted: the agent said it was done (for an agent that a text answer ends, ' +
  'a text answer counts), whether or not the work is done';

export function SummaryTables({
  summary,
  settings = [],
}: {
  summary: SummaryJson;
  /** The experiment's variants as started, for their prices per million tokens (from their endpoint). */
  settings?: { name: string; pricePerMillionTokens: TokenPrices | null }[];
}) {
  const { variants } = summary;
  const prices = Object.fromEntries(settings.map((variant) => [variant.name, variant.pricePerMillionTokens]));
  const priced = variants.some((variant) => prices[variant.name]);
  const accuracy = ACCURACY_COLUMNS.filter(([key]) => variants.some((variant) => variant[key] !== undefined));
  const confidence = variants.some((variant) => typeof variant.meanToolNameConfidence === 'number');
  // Task success first when a check judged: completion only says "ended submitted" (smart_home: a text answer).
  const judged = variants.some((variant) => variant.taskSuccessRate !== undefined);
  // A dataset run is scored on its first response: accuracy leads, completion and turns trail.
  const dataset = accuracy.length > 0;
  const completionHeads = (
    <>
      <th className="number" title={COMPLETION_MEANS}>
        {judged ? 'Completion (ended submitted)' : 'Completion rate'}
      </th>
      <th className="number">Turns to completion</th>
    </>
  );
  if (variants.every((variant) => variant.conversations === 0)) {
    return (
      <p className="empty" data-testid="summary-empty">
        No conversation has finished yet; the numbers appear here as they come in.
      </p>
    );
  }
  return (
    <div data-testid="summary">
      <div className="table-scroll">
        <table data-testid="summary-table">
          <thead>
            <tr>
              <th>Variant</th>
              <th className="number">Conversations</th>
              <th className="number">Model calls</th>
              {accuracy.map(([key, label]) => (
                <th key={key} className="number" data-testid="accuracy-head">
                  {label}
                </th>
              ))}
              {judged ? (
                <th className="number" title={TASK_SUCCESS_MEANS}>
                  {dataset ? 'Task success' : 'Task success (headline)'}
                </th>
              ) : null}
              <th className="number">Tool-call rate</th>
              <th className="number">Valid-call rate</th>
              {dataset ? null : completionHeads}
              <th className="number">Latency p50 / p95</th>
              {dataset ? completionHeads : null}
              <TokenCostHeaders priced={priced} />
              {confidence ? <th className="number">Tool-name confidence</th> : null}
            </tr>
          </thead>
          <tbody>
            {variants.map((variant) => (
              <VariantRow
                key={variant.name}
                variant={variant}
                columns={{ judged, accuracy, confidence, priced, dataset, withModel: differByModel(variants) }}
                prices={prices[variant.name] ?? null}
              />
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted" style={{ fontSize: 12 }}>
        Rates show the value, its 95% interval clustered by input, and the counts behind it; n is{' '}
        {summary.variants
          .map((variant) => `${variant.name}: ${variant.inputs ?? '?'} inputs, ${variant.conversations} conversations`)
          .join('; ')}
        . Turns count model calls in submitted conversations only. Model calls are the model&apos;s responses; latency
        is the server&apos;s time for them, retry waits apart.
      </p>
      {variants.some((variant) => (variant.retriedErrors ?? 0) > 0) ? (
        <p className="muted" style={{ fontSize: 12 }} data-testid="retried-errors">
          Retried server errors (not counted as model responses): {variants.map(retriedText).join('; ')}.
        </p>
      ) : null}

      <h2>Parse paths</h2>
      <CountTable
        variants={variants}
        pick={(variant) => variant.parsePaths}
        testId="parse-paths"
        empty="No model response yet."
      />
      <h2>Outcomes</h2>
      <CountTable
        variants={variants}
        pick={(variant) => variant.outcomes}
        testId="outcomes"
        empty="No conversation finished yet."
      />
      <h2>Errors</h2>
      <CountTable
        variants={variants}
        pick={(variant) => variant.errors}
        testId="errors"
        empty="No tool or call errors."
      />
      <Comparisons summary={summary} />
    </div>
  );
}
