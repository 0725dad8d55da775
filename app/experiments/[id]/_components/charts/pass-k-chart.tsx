'use client';
// pass^k per variant: the chance that k tries of an input all succeed, for k = 1 .. repeats
// (unbiased from the repeats, averaged over inputs). A falling line means flaky inputs.
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { PassKChart as PassKData } from '@/lib/metrics/prepare-pass-k';
import { formatPercent } from '@/lib/panel/format';
import { LEGEND_PROPS } from '@/app/components/charts/legend';
import { ChartFrame } from '@/app/components/charts/chart-frame';
import { AXIS_STYLE, percentTick, tooltipPercent, yAxisTitle, Y_AXIS_WIDTH } from '@/app/components/charts/format';

const PASS_K_CAPTION =
  'For k = 1 to the repeats of each input: the chance that k tries of an input all succeed (task success, ' +
  'or completion without a check), averaged over inputs.';

export function PassKChart({ chart, simulated }: { chart: PassKData; simulated: boolean }) {
  return (
    <ChartFrame
      title="pass^k: all k tries succeed"
      caption={PASS_K_CAPTION}
      simulated={simulated}
      testId="chart-pass-k"
      empty={chart.hasData ? null : 'Needs inputs that were repeated.'}
      numbers={
        <table data-testid="chart-pass-k-table">
          <thead>
            <tr>
              <th>k</th>
              {chart.series.map((series) => (
                <th key={series.key} className="number">
                  {series.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.rows.map((row) => (
              <tr key={row.k}>
                <td>{row.k}</td>
                {chart.series.map((series) => (
                  <td key={series.key} className="number">
                    {formatPercent(row[series.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <LineChart
        responsive
        style={{ width: '100%', height: 250 }}
        data={chart.rows}
        margin={{ top: 4, right: 8, bottom: 18, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="k"
          tick={AXIS_STYLE}
          label={{ value: 'k (tries)', position: 'insideBottom', offset: -10, style: AXIS_STYLE }}
        />
        <YAxis
          tickFormatter={percentTick}
          tick={AXIS_STYLE}
          width={Y_AXIS_WIDTH}
          domain={[0, 1]}
          label={yAxisTitle('pass^k')}
        />
        <Tooltip
          labelFormatter={(label) => `k = ${String(label)}`}
          formatter={(value, name) => [tooltipPercent(value), name]}
        />
        <Legend {...LEGEND_PROPS} />
        {chart.series.map((series) => (
          <Line
            key={series.key}
            dataKey={series.key}
            name={series.name}
            stroke={series.colour}
            isAnimationActive={false}
            connectNulls={false}
          />
        ))}
      </LineChart>
    </ChartFrame>
  );
}
