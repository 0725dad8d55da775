'use client';
// One metric of an agent over its experiments: a line per prompt version (or variant) with a dot per
// experiment and whiskers for the 95% interval; each dot names its prompt version (title and
// tooltip). Simulated experiments have hollow dots.
import { CartesianGrid, ErrorBar, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { HistoryChart as HistoryChartData } from '@/lib/metrics/prepare-history';
import { formatMilliseconds, formatNumber, formatTime, shortId } from '@/lib/panel/format';
import { LEGEND_PROPS } from '@/app/components/charts/legend';
import { AXIS_STYLE, millisecondsTick, percentTick } from '@/app/components/charts/format';

export function formatHistoryValue(value: unknown, unit: HistoryChartData['unit']): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'no data';
  if (unit === 'share') return `${(value * 100).toFixed(1)}%`;
  if (unit === 'ms') return formatMilliseconds(value);
  return formatNumber(value, 2);
}

type DotProps = { cx?: number; cy?: number; payload?: Record<string, unknown>; value?: unknown };

type TickProps = { x?: number | string; y?: number | string; payload?: { value?: unknown } };

/** An experiment on the x axis: when it was created, and which one (two runs can share a minute). */
function ExperimentTick({ x, y, payload, experiments }: TickProps & { experiments: HistoryChartData['experiments'] }) {
  const experiment = experiments[Number(payload?.value)];
  if (!experiment) return null;
  return (
    <text x={Number(x)} y={Number(y) + 10} textAnchor="middle" fontSize={11} fill="#5b6577">
      <tspan x={Number(x)}>{formatTime(experiment.createdAt).slice(5, 16)}</tspan>
      <tspan x={Number(x)} dy={13} fontFamily="ui-monospace, Menlo, monospace" fontSize={10}>
        {shortId(experiment.id)}
      </tspan>
    </text>
  );
}

/** The prompt version series `key` ran at this row's experiment (carried on the row by prepareHistoryChart). */
function versionIn(row: Record<string, unknown> | undefined, key: string): string {
  const version = row?.[`${key}Version`];
  return typeof version === 'string' ? version : '';
}

export function HistoryChart({ chart }: { chart: HistoryChartData }) {
  const axis =
    chart.unit === 'share'
      ? { domain: [0, 1] as [number, number], ticks: [0, 0.25, 0.5, 0.75, 1], tickFormatter: percentTick }
      : {
          domain: [0, 'auto'] as [number, 'auto'],
          tickFormatter: chart.unit === 'ms' ? millisecondsTick : (value: unknown) => String(value),
        };
  return (
    <LineChart
      responsive
      style={{ width: '100%', height: 340 }}
      data={chart.rows}
      margin={{ top: 10, right: 16, bottom: 30, left: 4 }}
    >
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis
        dataKey="index"
        // Categories: the experiments evenly spaced in time order, with room at both ends.
        type="category"
        padding={{ left: 36, right: 36 }}
        tick={(props: TickProps) => <ExperimentTick {...props} experiments={chart.experiments} />}
        // Recharts measures a tick by its value (the index), not by the two lines drawn: the gap
        // adds the width of those lines, so that a narrow chart leaves ticks out instead of stacking them.
        interval="preserveStartEnd"
        minTickGap={84}
        height={44}
        label={{
          value: 'experiment (created, UTC), oldest first',
          position: 'insideBottom',
          offset: -22,
          style: AXIS_STYLE,
        }}
      />
      <YAxis {...axis} tick={AXIS_STYLE} width={chart.unit === 'ms' ? 60 : 46} />
      <Tooltip
        labelFormatter={(index) => {
          const experiment = chart.experiments[Number(index)];
          if (!experiment) return '';
          const simulated = experiment.simulated ? ' · simulated' : '';
          return `${shortId(experiment.id)} · ${formatTime(experiment.createdAt)}${simulated}`;
        }}
        formatter={(value, name, item) => [
          formatHistoryValue(value, chart.unit),
          `${name} · ${versionIn(item.payload, String(item.dataKey))}`,
        ]}
      />
      <Legend {...LEGEND_PROPS} />
      {chart.series.map((series) => (
        <Line
          key={series.key}
          dataKey={series.key}
          name={series.name}
          stroke={series.colour}
          strokeWidth={2}
          connectNulls
          isAnimationActive={false}
          dot={(props: DotProps) => {
            const { cx, cy, payload, value } = props;
            if (typeof value !== 'number' || cx === undefined || cy === undefined)
              return <g key={`${series.key}-${String(payload?.index)}`} />;
            const simulated = payload?.simulated === true;
            return (
              <circle
                key={`${series.key}-${String(payload?.index)}`}
                cx={cx}
                cy={cy}
                r={4.5}
                stroke={series.colour}
                strokeWidth={2}
                fill={simulated ? '#ffffff' : series.colour}
                data-version={versionIn(payload, series.key)}
              >
                <title>{versionIn(payload, series.key)}</title>
              </circle>
            );
          }}
        >
          <ErrorBar
            dataKey={`${series.key}Error`}
            width={4}
            strokeWidth={1.2}
            stroke={series.colour}
            isAnimationActive={false}
          />
        </Line>
      ))}
    </LineChart>
  );
}
