'use client';
// Response latency per variant: p50 and p95 side by side, and how the responses spread over
// latency buckets (shares of each variant's responses; the last bucket holds the slow tail).
import { Bar, BarChart, CartesianGrid, LabelList, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { LatencyChart as LatencyChartData, LatencyHistogram } from '@/lib/metrics/prepare-latency';
import { formatMilliseconds } from '@/lib/panel/format';
import { CategoryTick, LEGEND_PROPS, TopValueLabel } from '@/app/components/charts/legend';
import { ChartFrame, SeriesCell, Swatch, VariantTable } from '@/app/components/charts/chart-frame';
import { AXIS_STYLE, millisecondsTick, yAxisTitle, Y_AXIS_WIDTH } from '@/app/components/charts/format';
import { CountShare, ShareHistogramChart } from '@/app/components/charts/share-histogram';

/** A bar's latency in few characters ("115", "1.2 s"): the axis says the unit, and narrow bars sit side by side. */
function compactMilliseconds(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : String(Math.round(value));
}

function millisecondsLabel(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? formatMilliseconds(value) : '';
}

export function LatencyChart({ chart, simulated }: { chart: LatencyChartData; simulated: boolean }) {
  return (
    <ChartFrame
      title="Latency"
      caption="Time from request to response per model call (responses only; failed requests are errors)."
      simulated={simulated}
      testId="chart-latency"
      empty={chart.hasData ? null : 'No model response yet.'}
      numbers={<LatencyTable chart={chart} />}
    >
      <BarChart
        responsive
        style={{ width: '100%', height: 240 }}
        data={chart.rows}
        margin={{ top: 22, right: 8, bottom: 4, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={<CategoryTick />} interval={0} height={34} />
        <YAxis
          tickFormatter={millisecondsTick}
          tick={AXIS_STYLE}
          // Ticks such as "1000 ms" are wider than percentages: room for them beside the axis title.
          width={Y_AXIS_WIDTH + 22}
          label={yAxisTitle('latency')}
        />
        <Tooltip formatter={(value, name) => [millisecondsLabel(value) || 'no data', name]} />
        <Legend {...LEGEND_PROPS} />
        {chart.series.map((series) => (
          <Bar key={series.key} dataKey={series.key} name={series.name} fill={series.colour} isAnimationActive={false}>
            <LabelList
              dataKey={series.key}
              content={(props) => <TopValueLabel {...(props as object)} format={compactMilliseconds} />}
            />
          </Bar>
        ))}
      </BarChart>
    </ChartFrame>
  );
}

function LatencyTable({ chart }: { chart: LatencyChartData }) {
  return (
    <VariantTable
      testId="chart-latency-table"
      head={
        <>
          {chart.rows.map((row) => (
            <th key={row.statistic} className="number">
              {row.label}
            </th>
          ))}
        </>
      }
    >
      {chart.series.map((series) => (
        <tr key={series.key}>
          <SeriesCell series={series} />
          {chart.rows.map((row) => (
            <td
              key={row.statistic}
              className="number"
              data-testid="latency-cell"
              data-variant={series.name}
              data-statistic={row.statistic}
              data-value={row[series.key] ?? ''}
            >
              {formatMilliseconds(row[series.key] as number | null)}
            </td>
          ))}
        </tr>
      ))}
    </VariantTable>
  );
}

export function LatencyHistogramChart({ histogram, simulated }: { histogram: LatencyHistogram; simulated: boolean }) {
  const buckets = histogram.buckets ? `, in buckets of ${Number(histogram.buckets.width.toPrecision(6))} ms` : '';
  return (
    <ShareHistogramChart
      frame={{
        title: 'Latency distribution',
        caption: `Share of each variant's responses by latency (ms)${buckets}.`,
        simulated,
        testId: 'chart-latency-histogram',
      }}
      histogram={histogram}
      empty="No model response yet."
      numbers={<LatencyHistogramTable histogram={histogram} />}
      xKey="label"
      xTitle="latency (ms)"
      yTitle="share of responses"
      unit="ms"
      height={240}
      barCategoryGap="10%"
    />
  );
}

function LatencyHistogramTable({ histogram }: { histogram: LatencyHistogram }) {
  return (
    <table data-testid="chart-latency-histogram-table">
      <thead>
        <tr>
          <th>ms</th>
          {histogram.series.map((series) => (
            <th key={series.key} className="number">
              <Swatch colour={series.colour} />
              {series.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {histogram.rows.map((row) => (
          <tr key={row.bucket}>
            <td>{row.label}</td>
            {histogram.series.map((series) => (
              <td key={series.key} className="number" data-testid="latency-bucket-cell" data-variant={series.name}>
                <CountShare row={row} seriesKey={series.key} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
