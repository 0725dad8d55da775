'use client';
// A histogram of shares per variant over a category axis (turns, latency buckets), in its chart
// frame: the experiment page draws one per distribution, each with its own titles and unit.
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartSeries } from '@/lib/metrics/prepare-rates';
import { LEGEND_PROPS } from './legend';
import { ChartFrame, type ChartLabels } from './chart-frame';
import { formatPercent } from '@/lib/panel/format';
import { AXIS_STYLE, percentTick, tooltipPercent, yAxisTitle, Y_AXIS_WIDTH } from './format';

type ShareHistogram = { rows: object[]; series: ChartSeries[]; hasData: boolean };

export function ShareHistogramChart({
  frame,
  histogram,
  empty,
  numbers,
  ...bars
}: {
  /** The chart frame's title, caption, "simulated" mark and test id. */
  frame: ChartLabels;
  histogram: ShareHistogram;
  /** Said instead of the plot while the histogram has no data. */
  empty: string;
  numbers: ReactNode;
} & Omit<Parameters<typeof ShareBars>[0], 'rows' | 'series'>) {
  return (
    <ChartFrame {...frame} empty={histogram.hasData ? null : empty} numbers={numbers}>
      <ShareBars rows={histogram.rows} series={histogram.series} {...bars} />
    </ChartFrame>
  );
}

function ShareBars({
  rows,
  series,
  xKey,
  xTitle,
  yTitle,
  unit,
  height,
  shareDomain = false,
  barCategoryGap,
}: {
  rows: object[];
  series: ChartSeries[];
  xKey: string;
  xTitle: string;
  yTitle: string;
  /** Follows the category in the tooltip's heading ("3 turns"). */
  unit: string;
  height: number;
  /** The vertical axis always runs from 0 to 100%, whatever the tallest bar. */
  shareDomain?: boolean;
  barCategoryGap?: string;
}) {
  return (
    <BarChart
      responsive
      style={{ width: '100%', height }}
      data={rows}
      margin={{ top: 4, right: 8, bottom: 26, left: 0 }}
      barCategoryGap={barCategoryGap}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      {/* The ticks sit a little lower than Recharts puts them: the first one, centred on a narrow bar,
          would otherwise run into the vertical axis' "0%". */}
      <XAxis
        dataKey={xKey}
        tick={AXIS_STYLE}
        tickMargin={8}
        height={40}
        label={{ value: xTitle, position: 'insideBottom', offset: -10, style: AXIS_STYLE }}
      />
      <YAxis
        tickFormatter={percentTick}
        tick={AXIS_STYLE}
        width={Y_AXIS_WIDTH}
        domain={shareDomain ? [0, 1] : undefined}
        label={yAxisTitle(yTitle)}
      />
      <Tooltip
        labelFormatter={(label) => `${String(label)} ${unit}`}
        formatter={(value, name) => [tooltipPercent(value), name]}
      />
      <Legend {...LEGEND_PROPS} />
      {series.map((entry) => (
        <Bar key={entry.key} dataKey={entry.key} name={entry.name} fill={entry.colour} isAnimationActive={false} />
      ))}
    </BarChart>
  );
}

/** A histogram table's cell text: the count (a dash for none), and the share it is below it. */
export function CountShare({ row, seriesKey }: { row: Record<string, unknown>; seriesKey: string }) {
  return (
    <>
      {(row[`${seriesKey}Count`] as number | null | undefined) ?? '—'}
      <span className="sub">{formatPercent(row[seriesKey] as number | null)}</span>
    </>
  );
}
