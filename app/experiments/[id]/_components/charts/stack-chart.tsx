'use client';
// A 100%-stacked horizontal bar per variant (parse paths, outcomes): every segment in the legend,
// in its fixed order and colour, whether or not it occurs, so that charts read alike everywhere.
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { StackChart as StackChartData } from '@/lib/metrics/prepare-parse-paths';
import { formatPercent } from '@/lib/panel/format';
import { PatternedBar, SwatchLegend } from '@/app/components/charts/legend';
import { ChartFrame, Swatch, VariantTable, type ChartLabels } from '@/app/components/charts/chart-frame';
import { AXIS_STYLE, percentTick } from '@/app/components/charts/format';

export function StackChart<Key extends string>({
  chart,
  unit,
  empty,
  ...labels
}: {
  chart: StackChartData<Key>;
  /** What the totals count: "responses", "conversations". */
  unit: string;
  empty: string;
} & ChartLabels) {
  const height = Math.max(170, 70 + chart.rows.length * 38 + Math.ceil(chart.segments.length / 4) * 20);
  const longest = Math.max(...chart.rows.map((row) => row.variant.length), 4);
  return (
    <ChartFrame
      {...labels}
      empty={chart.hasData ? null : empty}
      numbers={<StackTable chart={chart} unit={unit} testId={labels.testId} />}
    >
      <BarChart
        responsive
        layout="vertical"
        style={{ width: '100%', height }}
        data={chart.rows}
        margin={{ top: 4, right: 12, bottom: 4, left: 4 }}
        barCategoryGap="22%"
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis
          type="number"
          domain={[0, 1]}
          ticks={[0, 0.25, 0.5, 0.75, 1]}
          tickFormatter={percentTick}
          tick={AXIS_STYLE}
        />
        <YAxis type="category" dataKey="variant" tick={AXIS_STYLE} width={Math.min(140, 12 + longest * 7)} />
        <Tooltip
          formatter={(value, name, item) => {
            const key = String(name);
            const count = (item.payload as { counts: Record<string, number> }).counts[key];
            return [`${formatPercent(typeof value === 'number' ? value : null)} (${count ?? 0})`, key];
          }}
        />
        <Legend
          verticalAlign="top"
          content={() => (
            <SwatchLegend
              items={chart.segments.map((segment) => ({
                name: segment.key,
                colour: segment.colour,
                pattern: segment.pattern,
              }))}
            />
          )}
        />
        {chart.segments.map((segment) => (
          <Bar
            key={segment.key}
            dataKey={`share_${segment.key}`}
            name={segment.key}
            stackId="share"
            fill={segment.colour}
            isAnimationActive={false}
            shape={(props: object) => <PatternedBar {...props} pattern={segment.pattern} />}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

function StackTable<Key extends string>({
  chart,
  unit,
  testId,
}: {
  chart: StackChartData<Key>;
  unit: string;
  testId: string;
}) {
  return (
    <VariantTable
      testId={`${testId}-table`}
      head={
        <>
          <th className="number">{unit}</th>
          {chart.segments.map((segment) => (
            <th key={segment.key} className="number raw">
              <Swatch colour={segment.colour} pattern={segment.pattern} />
              {segment.key}
            </th>
          ))}
        </>
      }
    >
      {chart.rows.map((row) => (
        <tr key={row.variant}>
          <td>{row.variant}</td>
          <td className="number">{row.total}</td>
          {chart.segments.map((segment) => (
            <td
              key={segment.key}
              className="number"
              data-testid="stack-cell"
              data-variant={row.variant}
              data-key={segment.key}
              data-count={row.counts[segment.key]}
            >
              {row.counts[segment.key]}
              <span className="sub">
                {formatPercent(row[`share_${segment.key}` as keyof typeof row] as number | null)}
              </span>
            </td>
          ))}
        </tr>
      ))}
    </VariantTable>
  );
}
