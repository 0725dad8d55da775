'use client';
// Mean tool-name confidence per variant: the probability the model gave the tool name it chose,
// averaged over the responses that carried logprobs (issue "Serving for real").
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import type { ConfidenceChart as ConfidenceChartData } from '@/lib/metrics/prepare-rates';
import { formatPercent } from '@/lib/panel/format';
import { ChartFrame, Swatch } from '@/app/components/charts/chart-frame';
import { AXIS_STYLE, percentTick, tooltipPercent, yAxisTitle, Y_AXIS_WIDTH } from '@/app/components/charts/format';
import { CategoryTick, RateBarLabel } from '@/app/components/charts/legend';

const CONFIDENCE_CAPTION =
  "The model's probability for the tool name it chose, averaged over responses with logprobs. A variant " +
  'without logprobs is left out, not zero.';

export function ConfidenceChart({ chart, simulated }: { chart: ConfidenceChartData; simulated: boolean }) {
  return (
    <ChartFrame
      title="Mean tool-name confidence"
      caption={CONFIDENCE_CAPTION}
      simulated={simulated}
      testId="chart-confidence"
      empty={chart.present ? null : 'No response carried logprobs.'}
      numbers={
        <table data-testid="chart-confidence-table">
          <tbody>
            {chart.rows.map((row) => (
              <tr key={row.key}>
                <td>
                  <Swatch colour={row.colour} />
                  {row.variant}
                </td>
                <td
                  className="number"
                  data-testid="confidence-cell"
                  data-variant={row.variant}
                  data-value={row.value ?? ''}
                >
                  {formatPercent(row.value)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <BarChart
        responsive
        style={{ width: '100%', height: 220 }}
        data={chart.rows}
        margin={{ top: 6, right: 8, bottom: 4, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="variant" tick={<CategoryTick />} interval={0} height={34} />
        <YAxis
          domain={[0, 1]}
          tickFormatter={percentTick}
          tick={AXIS_STYLE}
          width={Y_AXIS_WIDTH}
          label={yAxisTitle('probability')}
        />
        <Tooltip formatter={(value) => [tooltipPercent(value), 'mean confidence']} />
        <Bar dataKey="value" minPointSize={2} isAnimationActive={false}>
          {chart.rows.map((row) => (
            <Cell key={row.key} fill={row.colour} />
          ))}
          <LabelList
            dataKey="value"
            content={(props) => <RateBarLabel viewBox={props.viewBox as never} value={props.value} />}
          />
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}
