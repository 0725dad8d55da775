// One variant's row of the results table: its rates with their intervals and counts, completion and
// turns (leading, or trailing in a dataset run), latency, tokens and cost, and in a model A/B its
// model and family under its name.
import type { VariantSummaryJson } from '@/lib/metrics/summary-json';
import type { TokenPrices } from '@/lib/metrics/cost';
import { VariantModel } from '@/app/components/variant-model';
import { TokenCostCells } from '@/app/components/token-cost';
import { formatInterval, formatMilliseconds, formatNumber, formatPercent } from '@/lib/panel/format';

export type RateKey =
  | 'toolCallRate'
  | 'taskSuccessRate'
  | 'validCallRate'
  | 'completionRate'
  | 'callAccuracy'
  | 'nameAccuracy'
  | 'argumentAccuracy'
  | 'irrelevanceAccuracy';

function RateCell({ variant, rate }: { variant: VariantSummaryJson; rate: RateKey }) {
  const value = variant[rate];
  const counts = variant.counts?.[rate];
  return (
    <td className="number" data-testid={`rate-${rate}`}>
      {formatPercent(value?.value)}
      <span className="sub">{formatInterval(value?.low, value?.high)}</span>
      {counts ? <span className="sub">{`${counts.successes} of ${counts.trials}`}</span> : null}
    </td>
  );
}

/** `withModel`: a model A/B, whose rows name each variant's model and family. */
type Columns = {
  judged: boolean;
  accuracy: [RateKey, string][];
  confidence: boolean;
  priced: boolean;
  /** A dataset run: accuracy leads, completion and turns trail. */
  dataset: boolean;
  withModel: boolean;
};

/** The variant's name and, in a model A/B, its model and family under it. */
function VariantNameCell({ variant, withModel }: { variant: VariantSummaryJson; withModel: boolean }) {
  return (
    <td>
      <strong>{variant.name}</strong>
      {withModel ? (
        <>
          <br />
          <VariantModel model={variant.model} family={variant.family} />
        </>
      ) : null}
    </td>
  );
}

/** Completion and turns: the headline of a multi-turn run, an afterthought in a one-turn dataset run. */
function CompletionCells({ variant }: { variant: VariantSummaryJson }) {
  const turns = variant.turnsToCompletion;
  return (
    <>
      <td className="number" data-testid="rate-completionRate">
        {formatPercent(variant.completionRate.value)}
        <span className="sub">{formatInterval(variant.completionRate.low, variant.completionRate.high)}</span>
        {variant.counts ? (
          <span className="sub">
            {variant.counts.completionRate.successes} of {variant.counts.completionRate.trials}
          </span>
        ) : null}
        {variant.completionRateWithoutServerFailures ? (
          <span
            className="sub"
            data-testid="completion-without-server-failures"
            title="Conversations that ended on a server failure (the model was never asked) left out"
          >
            {`${formatPercent(variant.completionRateWithoutServerFailures.value)} without server failures`}
          </span>
        ) : null}
      </td>
      <td className="number">
        {formatNumber(turns.mean, 2)}
        <span className="sub">
          p50 {formatNumber(turns.p50)} · p90 {formatNumber(turns.p90)} · max {formatNumber(turns.max)}
        </span>
      </td>
    </>
  );
}

/** One variant's row of the results table; `columns` says which of the optional columns the table has. */
export function VariantRow({
  variant,
  columns: { judged, accuracy, confidence, priced, dataset, withModel },
  prices,
}: {
  variant: VariantSummaryJson;
  columns: Columns;
  prices: TokenPrices | null;
}) {
  return (
    <tr data-testid="summary-row" data-variant={variant.name}>
      <VariantNameCell variant={variant} withModel={withModel} />
      <td className="number" data-testid="variant-conversations">
        {variant.conversations}
      </td>
      <td className="number">{variant.modelCalls}</td>
      {accuracy.map(([key]) => (
        <RateCell key={key} variant={variant} rate={key} />
      ))}
      {judged ? <RateCell variant={variant} rate="taskSuccessRate" /> : null}
      <RateCell variant={variant} rate="toolCallRate" />
      <RateCell variant={variant} rate="validCallRate" />
      {dataset ? null : <CompletionCells variant={variant} />}
      <td className="number">
        {formatMilliseconds(variant.latencyMs.p50)}
        <span className="sub">{formatMilliseconds(variant.latencyMs.p95)}</span>
      </td>
      {dataset ? <CompletionCells variant={variant} /> : null}
      <TokenCostCells tokens={variant.tokens} conversations={variant.conversations} prices={prices} priced={priced} />
      {confidence ? (
        <td className="number" data-testid="mean-tool-name-confidence">
          {formatPercent(variant.meanToolNameConfidence)}
        </td>
      ) : null}
    </tr>
  );
}
