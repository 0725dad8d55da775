'use client';
// How many model responses the submitted conversations took, per variant, as shares of each
// variant's submitted conversations.
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { TurnsHistogram } from '@/lib/metrics/prepare-turns';
import { formatPercent } from '@/lib/panel/format';
import { LEGEND_PROPS } from '@/app/components/charts/legend';
import { ChartFrame, Swatch } from '@/app/components/charts/chart-frame';
import { AXIS_STYLE, percentTick, tooltipPercent, yAxisTitle, Y_AXIS_WIDTH } from '@/app/components/charts/format';

export function TurnsChart({ histogram, simulated }: { histogram: TurnsHistogram; simulated: boolean }) {
  return (
    <ChartFrame
      title="Turns to completion"
      caption="Model responses per submitted conversation, as a share of each variant's submitted conversations."
      simulated={simulated}
      testId="chart-turns"
      empty={histogram.hasData ? null : 'No conversation has been submitted yet.'}
      numbers={<TurnsTable histogram={histogram} />}
    >
      <BarChart
        responsive
        style={{ width: '100%', height: 250 }}
        data={histogram.rows}
        margin={{ top: 4, right: 8, bottom: 18, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="turns"
          tick={AXIS_STYLE}
          label={{ value: 'model responses (turns)', position: 'insideBottom', offset: -10, style: AXIS_STYLE }}
        />
        <YAxis
          tickFormatter={percentTick}
          tick={AXIS_STYLE}
          width={Y_AXIS_WIDTH}
          domain={[0, 1]}
          label={yAxisTitle('share of submitted')}
        />
        <Tooltip
          labelFormatter={(label) => `${String(label)} turns`}
          formatter={(value, name) => [tooltipPercent(value), name]}
        />
        <Legend {...LEGEND_PROPS} />
        {histogram.series.map((series) => (
          <Bar
            key={series.key}
            dataKey={series.key}
            name={series.name}
            fill={series.colour}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

function TurnsTable({ histogram }: { histogram: TurnsHistogram }) {
  return (
    <table data-testid="chart-turns-table">
      <thead>
        <tr>
          <th>Variant</th>
          <th className="number">submitted</th>
          {histogram.rows.map((row) => (
            <th key={row.turns} className="number">
              {row.turns}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {histogram.series.map((series) => {
          const counts = histogram.counts.find((entry) => entry.key === series.key);
          return (
            <tr key={series.key}>
              <td>
                <Swatch colour={series.colour} />
                {series.name}
              </td>
              <td className="number" data-testid="turns-total" data-variant={series.name}>
                {counts?.total ?? 0}
              </td>
              {histogram.rows.map((row) => (
                <td
                  key={row.turns}
                  className="number"
                  data-testid="turns-cell"
                  data-variant={series.name}
                  data-turns={row.turns}
                >
                  {row[`${series.key}Count`] ?? '—'}
                  <span className="sub">{formatPercent(row[series.key] as number | null)}</span>
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
