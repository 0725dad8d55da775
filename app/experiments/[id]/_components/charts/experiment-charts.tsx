'use client';
// Every chart of an experiment, drawn from the summary (the API's) and the chart data of
// GET /api/experiments/:id/charts. Shaping happens in lib/metrics/prepare-*; this only lays out.
import { useMemo } from 'react';
import { prepareLatencyChart, prepareLatencyHistogram } from '@/lib/metrics/prepare-latency';
import { prepareErrorChart, prepareOutcomeChart } from '@/lib/metrics/prepare-outcomes';
import { prepareParsePathChart } from '@/lib/metrics/prepare-parse-paths';
import {
  ACCURACY_RATE_METRICS,
  CALL_RATE_METRICS,
  prepareConfidenceChart,
  prepareRateChart,
} from '@/lib/metrics/prepare-rates';
import { prepareTurnsHistogram } from '@/lib/metrics/prepare-turns';
import { chartsFor, preparePassKChart } from '@/lib/metrics/prepare-pass-k';
import type { SummaryJson } from '@/lib/metrics/summary-json';
import type { ExperimentChartData } from '@/lib/panel/experiments/charts';
import styles from '@/app/components/charts/charts.module.css';
import { CategorySwatch } from '@/app/components/category-mark';
import { differByModel, variantModelText } from '@/app/components/variant-model';
import { variantColour } from '@/lib/metrics/prepare-palette';
import { ConfidenceChart } from './confidence-chart';
import { ConfusionHeatMaps } from './confusion-heat-map';
import { ErrorChart } from './error-chart';
import { LatencyChart, LatencyHistogramChart } from './latency-chart';
import { RateChart } from './rate-chart';
import { StackChart } from './stack-chart';
import { TurnsChart } from './turns-chart';
import { PassKChart } from './pass-k-chart';

const ACCURACY_CAPTION =
  'Whole call right, right tool name, right arguments (given the right tool), and no call for irrelevant ' +
  'requests; first response of each case, 95% intervals.';
const PARSE_PATHS_CAPTION =
  'How each model response was read: structured tool_calls, JSON or native tags in the content, or no call ' +
  '(text, empty, malformed).';

function ratesCaption(completion: boolean): string {
  return (
    'Share of model responses with a call and with only valid calls, of judged conversations whose task ' +
    `succeeded${completion ? ', and of conversations submitted' : ''}; whiskers are 95% intervals that count each ` +
    'input once.'
  );
}

/** In a model A/B, what each variant's colour stands for: its model and family. */
function ChartModelKey({ variants }: { variants: SummaryJson['variants'] }) {
  return (
    <ul className="swatch-legend" data-testid="chart-model-key" style={{ gridColumn: '1 / -1' }}>
      {variants.map((variant, index) => (
        <li key={variant.name} data-name={variant.name}>
          <CategorySwatch colour={variantColour(index)} />
          {`${variant.name}: ${variantModelText(variant) || 'model not recorded'}`}
        </li>
      ))}
    </ul>
  );
}

export function ExperimentCharts({
  summary,
  charts,
  simulated,
}: {
  summary: SummaryJson;
  charts: ExperimentChartData;
  simulated: boolean;
}) {
  const prepared = useMemo(() => {
    const names = summary.variants.map((variant) => variant.name);
    const shown = chartsFor(summary);
    return {
      rates: prepareRateChart(
        summary.variants,
        shown.completion ? CALL_RATE_METRICS : CALL_RATE_METRICS.filter((metric) => metric !== 'completionRate'),
      ),
      accuracy: prepareRateChart(summary.variants, ACCURACY_RATE_METRICS),
      confidence: prepareConfidenceChart(summary.variants),
      turns: prepareTurnsHistogram(names, charts.turns),
      parsePaths: prepareParsePathChart(summary.variants),
      outcomes: prepareOutcomeChart(summary.variants),
      errors: prepareErrorChart(summary.variants),
      latency: prepareLatencyChart(summary.variants),
      latencyHistogram: prepareLatencyHistogram(names, charts.latency.buckets, charts.latency.groups),
      passK: preparePassKChart(summary.variants),
      // Only the charts that mean something for this kind of run.
      shown,
    };
  }, [summary, charts]);

  return (
    <div className={styles.grid} data-testid="experiment-charts">
      {differByModel(summary.variants) ? <ChartModelKey variants={summary.variants} /> : null}
      <RateChart
        chart={prepared.rates}
        title={
          prepared.shown.completion
            ? 'Tool calls, task success, valid calls, completion'
            : 'Tool calls, task success, valid calls'
        }
        caption={ratesCaption(prepared.shown.completion)}
        simulated={simulated}
        testId="chart-rates"
      />
      {prepared.accuracy.rows.length > 0 ? (
        <RateChart
          chart={prepared.accuracy}
          title="Accuracy against the dataset"
          caption={ACCURACY_CAPTION}
          simulated={simulated}
          testId="chart-accuracy"
        />
      ) : null}
      {prepared.shown.turns ? <TurnsChart histogram={prepared.turns} simulated={simulated} /> : null}
      {prepared.shown.passK ? <PassKChart chart={prepared.passK} simulated={simulated} /> : null}
      <StackChart
        chart={prepared.parsePaths}
        title="Parse paths"
        caption={PARSE_PATHS_CAPTION}
        unit="responses"
        simulated={simulated}
        testId="chart-parse-paths"
        empty="No model response yet."
      />
      {prepared.shown.outcomes ? (
        <StackChart
          chart={prepared.outcomes}
          title="Outcomes"
          caption="How each conversation ended."
          unit="conversations"
          simulated={simulated}
          testId="chart-outcomes"
          empty="No conversation has finished yet."
        />
      ) : null}
      <ErrorChart chart={prepared.errors} simulated={simulated} />
      <LatencyChart chart={prepared.latency} simulated={simulated} />
      <LatencyHistogramChart histogram={prepared.latencyHistogram} simulated={simulated} />
      {prepared.confidence.present ? <ConfidenceChart chart={prepared.confidence} simulated={simulated} /> : null}
      {charts.confusions && charts.confusions.length > 0 ? (
        <ConfusionHeatMaps confusions={charts.confusions} simulated={simulated} />
      ) : null}
    </div>
  );
}
