'use client';
// Rates per variant with their 95% Wilson intervals: grouped bars, one group per metric, error
// bars for the intervals and the value written on each bar.
import { Bar, BarChart, CartesianGrid, ErrorBar, LabelList, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatInterval, formatPercent } from '@/lib/panel/format';
import type { RateChart as RateChartData } from '@/lib/metrics/prepare-rates';
import { CategoryTick, LEGEND_PROPS, RateBarLabel } from '@/app/components/charts/legend';
import { ChartFrame, SeriesCell, VariantTable, type ChartLabels } from '@/app/components/charts/chart-frame';
import { AXIS_STYLE, percentTick, tooltipPercent, yAxisTitle, Y_AXIS_WIDTH } from '@/app/components/charts/format';

export function RateChart({ chart, ...labels }: { chart: RateChartData } & ChartLabels) {
  const height = 260 + (chart.series.length > 4 ? 30 : 0);
  return (
    <ChartFrame
      {...labels}
      empty={chart.hasData ? null : 'No model response yet: the rates appear as conversations finish.'}
      numbers={<RateTable chart={chart} testId={labels.testId} />}
    >
      <BarChart
        responsive
        style={{ width: '100%', height }}
        data={chart.rows}
        margin={{ top: 4, right: 8, bottom: 4, left: 0 }}
        barCategoryGap="18%"
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={<CategoryTick />} interval={0} height={34} />
        <YAxis
          domain={[0, 1]}
          ticks={[0, 0.25, 0.5, 0.75, 1]}
          tickFormatter={percentTick}
          tick={AXIS_STYLE}
          width={Y_AXIS_WIDTH}
          label={yAxisTitle('share, 95% CI')}
        />
        <Tooltip formatter={(value, name) => [tooltipPercent(value), name]} />
        <Legend {...LEGEND_PROPS} />
        {chart.series.map((series) => (
          // A rate of exactly 0 keeps a sliver of a bar (and its label), so that it reads as 0, not as missing.
          <Bar
            key={series.key}
            dataKey={series.key}
            name={series.name}
            fill={series.colour}
            minPointSize={2}
            isAnimationActive={false}
          >
            <ErrorBar
              dataKey={`${series.key}Error`}
              width={5}
              strokeWidth={1.5}
              stroke="#1d2330"
              isAnimationActive={false}
            />
            <LabelList
              dataKey={series.key}
              content={(props) => (
                <RateBarLabel viewBox={props.viewBox as never} value={props.value} small={chart.series.length > 3} />
              )}
            />
          </Bar>
        ))}
      </BarChart>
    </ChartFrame>
  );
}

function RateTable({ chart, testId }: { chart: RateChartData; testId: string }) {
  return (
    <VariantTable
      testId={`${testId}-table`}
      head={
        <>
          {chart.table.map((entry) => (
            <th key={entry.metric} className="number">
              {entry.label}
            </th>
          ))}
        </>
      }
    >
      {chart.series.map((series, index) => (
        <tr key={series.key}>
          <SeriesCell series={series} />
          {chart.table.map((entry) => {
            const cell = entry.cells[index];
            return (
              <td
                key={entry.metric}
                className="number"
                data-testid="rate-cell"
                data-variant={series.name}
                data-metric={entry.metric}
                data-value={cell.value ?? ''}
              >
                {formatPercent(cell.value)}
                <span className="sub">{formatInterval(cell.low, cell.high)}</span>
                {cell.trials !== null ? <span className="sub">{`${cell.successes} of ${cell.trials}`}</span> : null}
              </td>
            );
          })}
        </tr>
      ))}
    </VariantTable>
  );
}
