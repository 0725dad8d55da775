// Each metric for A and B with its interval, and the difference in plain words.
import type { ComparedMetric, VariantMetrics } from '../../lib/panel/compare/metrics';
import { metricValue } from '../../lib/panel/compare/metrics';
import { intervalAxis, intervalMark } from '../../lib/panel/compare/interval';
import { IntervalPlot } from './interval-plot';
import { formatInterval, formatNumber, formatPercent } from '../../lib/panel/format';
import type { VariantSummary } from '../../lib/metrics/types';
import styles from './compare.module.css';

function Value({
  summary,
  metric,
  side,
}: {
  summary: VariantSummary;
  metric: ComparedMetric['metric'];
  side: 'A' | 'B';
}) {
  const { rate, turns } = metricValue(summary, metric);
  if (turns) {
    return (
      <td className={`number ${styles.value}`} data-label={side}>
        {formatNumber(turns.mean, 2)}
        <span className="sub">
          p50 {formatNumber(turns.p50)} · p90 {formatNumber(turns.p90)}
        </span>
      </td>
    );
  }
  return (
    <td className={`number ${styles.value}`} data-label={side}>
      {formatPercent(rate?.value)}
      <span className="sub">{formatInterval(rate?.low, rate?.high)}</span>
      {rate ? <span className="sub">{`${rate.successes} of ${rate.trials}`}</span> : null}
    </td>
  );
}

export function MetricsTable({ metrics }: { metrics: VariantMetrics }) {
  const comparisons = metrics.metrics.map((metric) => metric.comparison);
  const rateAxis = intervalAxis(
    comparisons.filter((comparison) => comparison.metric !== 'turnsToCompletion'),
    'points',
  );
  const turnAxis = intervalAxis(
    comparisons.filter((comparison) => comparison.metric === 'turnsToCompletion'),
    'turns',
  );
  return (
    <div className="table-scroll">
      <table className={styles.metricTable} data-testid="compare-metrics">
        <thead>
          <tr>
            <th>Metric</th>
            <th className="number">A</th>
            <th className="number">B</th>
            <th>B − A, 95% interval</th>
            <th>In words</th>
          </tr>
        </thead>
        <tbody>
          {metrics.metrics.map((metric) => (
            <tr key={metric.metric} data-testid="metric-row" data-metric={metric.metric}>
              <td className={styles.metricName}>{metric.label}</td>
              <Value summary={metrics.a} metric={metric.metric} side="A" />
              <Value summary={metrics.b} metric={metric.metric} side="B" />
              <td className={styles.plot} data-label="B − A">
                {(() => {
                  const axis = metric.metric === 'turnsToCompletion' ? turnAxis : rateAxis;
                  return <IntervalPlot mark={intervalMark(metric.comparison, axis)} axis={axis} />;
                })()}
              </td>
              <td
                className={`${styles.sentence} ${metric.comparison.detectable ? '' : styles.noDifference}`}
                data-detectable={String(metric.comparison.detectable)}
                data-testid="comparison-sentence"
              >
                {metric.sentence}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
