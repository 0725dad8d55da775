'use client';
// Errors per variant by kind (tool failures, unknown tools, invalid arguments, failed requests).
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { ErrorChart as ErrorChartData } from '@/lib/metrics/prepare-outcomes';
import { CategoryTick, LEGEND_PROPS } from '@/app/components/charts/legend';
import { ChartFrame, Swatch, VariantTable } from '@/app/components/charts/chart-frame';
import { AXIS_STYLE, yAxisTitle, Y_AXIS_WIDTH } from '@/app/components/charts/format';

const ERROR_CAPTION =
  'Tool and request errors by kind; each one went back to the model as a tool result (or ended the ' +
  'conversation, for a failed request).';

export function ErrorChart({ chart, simulated }: { chart: ErrorChartData; simulated: boolean }) {
  return (
    <ChartFrame
      title="Errors"
      caption={ERROR_CAPTION}
      simulated={simulated}
      testId="chart-errors"
      empty={chart.hasData ? null : 'No errors: no unknown tool, invalid arguments, failing tool or failed request.'}
      numbers={<ErrorTable chart={chart} />}
    >
      <BarChart
        responsive
        style={{ width: '100%', height: 240 }}
        data={chart.rows}
        margin={{ top: 8, right: 8, bottom: 4, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="variant" tick={<CategoryTick />} interval={0} height={34} />
        <YAxis allowDecimals={false} tick={AXIS_STYLE} width={Y_AXIS_WIDTH} label={yAxisTitle('errors')} />
        <Tooltip />
        <Legend {...LEGEND_PROPS} />
        {chart.kinds.map((kind) => (
          <Bar key={kind.kind} dataKey={kind.field} name={kind.kind} fill={kind.colour} isAnimationActive={false} />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

function ErrorTable({ chart }: { chart: ErrorChartData }) {
  return (
    <VariantTable
      testId="chart-errors-table"
      head={
        <>
          {chart.kinds.map((kind) => (
            <th key={kind.kind} className="number raw">
              <Swatch colour={kind.colour} />
              {kind.kind}
            </th>
          ))}
        </>
      }
    >
      {chart.rows.map((row) => (
        <tr key={row.variant}>
          <td>{row.variant}</td>
          {chart.kinds.map((kind) => (
            <td
              key={kind.kind}
              className="number"
              data-testid="error-cell"
              data-variant={row.variant}
              data-kind={kind.kind}
            >
              {row[kind.field] ?? '—'}
            </td>
          ))}
        </tr>
      ))}
    </VariantTable>
  );
}
