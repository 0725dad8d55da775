// The A/B verdicts of an experiment: in words (the same sentence builder as the command line),
// live and anytime-valid while the run goes on, final once it ended; then the tests behind them
// with raw and Holm-adjusted p-values, which method, and whether it was paired and why.
import { BalanceWarning } from '@/app/components/balance-warning';
import { describeComparison, EFFECT_NOTE, METRIC_LABELS } from '@/lib/metrics/describe';
import type { SummaryJson } from '@/lib/metrics/summary-json';

const METHOD_NAMES: Record<string, string> = {
  'mcnemar-exact': "McNemar's exact test",
  'paired-t-by-input': 'paired t over inputs (pooled rates, by input)',
  'wilcoxon-signed-rank': 'Wilcoxon signed-rank, paired bootstrap interval',
  'newcombe-clustered': "Newcombe's interval, clustered by input",
  'cluster-bootstrap': 'bootstrap over inputs',
  'confidence-sequence': 'confidence sequence (anytime-valid)',
  none: '—',
};

const LIVE_VERDICTS =
  'Live verdicts, anytime-valid: their intervals stay valid however often you look, and use the first repeat of ' +
  'each input. The final, fixed-sample verdicts replace them when the run ends.';
const NO_PRIMARY_METRIC =
  'No primary metric was chosen before the run: every comparison is exploratory, a lead to confirm with a new ' +
  'experiment rather than a decision.';

function primaryMetricNote(metric: SummaryJson['primaryMetric']): string {
  if (!metric) return NO_PRIMARY_METRIC;
  return (
    `${METRIC_LABELS[metric]} was chosen as the primary metric before the run: its comparisons decide; the others ` +
    'are exploratory (each family Holm-adjusted on its own).'
  );
}

function formatP(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (value < 0.001) return '< 0.001';
  // Never rounded across 0.05, where readers draw a line.
  const shown = value < 0.05 && Number(value.toFixed(3)) >= 0.05 ? '< 0.05' : value.toFixed(3);
  return shown;
}

export function Comparisons({ summary }: { summary: SummaryJson }) {
  if (summary.comparisons.length === 0) return null;
  const live = summary.verdict === 'live';
  // Live, or stopped early: p, adjusted p and the intervals are the confidence sequence's.
  const anytime = summary.inference === 'anytime-valid';
  const paired = summary.comparisons.some((comparison) => comparison.paired);
  return (
    <section data-testid="comparisons-section">
      <h2>Comparisons</h2>
      <BalanceWarning warnings={summary.balance?.warnings} />
      <p className="muted" data-testid="verdict-kind">
        {live ? LIVE_VERDICTS : 'Final verdicts (fixed-sample tests on every conversation).'}{' '}
        {paired
          ? 'Paired by input: the variants ran the same inputs, so each input is compared with itself.'
          : 'Unpaired: the variants did not run the same inputs.'}{' '}
        Intervals and tests count each input once, however often it was repeated; {EFFECT_NOTE}, and the p-value is the
        one that goes with that interval.
      </p>
      <p className="muted" data-testid="primary-metric-note">
        {primaryMetricNote(summary.primaryMetric)}
      </p>
      {summary.stoppedEarly ? (
        <p className="notice" data-testid="stopped-early">
          {summary.stoppedEarly}. The comparisons give the anytime-valid confidence sequence: the stop biases a
          fixed-sample interval.
        </p>
      ) : null}
      <ul className="comparisons" data-testid="comparisons">
        {summary.comparisons.map((comparison) => (
          <li
            key={`${comparison.a}-${comparison.b}-${comparison.metric}`}
            data-exploratory={comparison.exploratory ? 'true' : 'false'}
          >
            {summary.primaryMetric && comparison.exploratory ? <span className="muted">Exploratory: </span> : null}
            {describeComparison(comparison)}
          </li>
        ))}
      </ul>
      <div className="table-scroll">
        <table data-testid="comparison-tests">
          <thead>
            <tr>
              <th>Metric</th>
              <th>Variants</th>
              <th>Method</th>
              <th className="number">Inputs</th>
              <th className="number">{live ? 'Live p (anytime)' : anytime ? 'p (anytime-valid)' : 'p'}</th>
              <th className="number">Adjusted p (Holm)</th>
            </tr>
          </thead>
          <tbody>
            {summary.comparisons.map((comparison) => (
              <tr key={`${comparison.a}-${comparison.b}-${comparison.metric}`}>
                <td>
                  {METRIC_LABELS[comparison.metric]}
                  {summary.primaryMetric === comparison.metric ? ' (primary)' : ''}
                </td>
                <td>
                  {comparison.b} − {comparison.a}
                </td>
                <td>
                  {METHOD_NAMES[comparison.method ?? 'none'] ?? comparison.method}
                  {comparison.paired && comparison.method !== 'none' ? ', paired' : ''}
                </td>
                <td className="number">{comparison.inputs ?? '—'}</td>
                <td className="number" data-testid="p-raw">
                  {formatP(comparison.p ?? comparison.pValue)}
                </td>
                <td className="number" data-testid="p-adjusted">
                  {formatP(comparison.pAdjusted)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
