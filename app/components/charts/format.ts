// Axis and label texts shared by the charts.
export function percentTick(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${Math.round(value * 100)}%` : '';
}

/** A bar's label: the rate to one decimal ("95.3%"); nothing for a gap. */
export function percentLabel(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : '';
}

export function millisecondsTick(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return value >= 10_000 ? `${(value / 1000).toFixed(0)} s` : `${Number(value.toPrecision(3))} ms`;
}

/** Tooltips get unknown values from recharts; a share or a gap. */
export function tooltipPercent(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : 'no data';
}

export const AXIS_STYLE = { fontSize: 12, fill: '#5b6577' } as const;

/** A vertical axis title left of the tick labels (the axis must be about 62 px wide to hold both). */
export function yAxisTitle(value: string) {
  return {
    value,
    angle: -90,
    position: 'insideLeft' as const,
    offset: 14,
    style: { ...AXIS_STYLE, textAnchor: 'middle' as const },
  };
}

export const Y_AXIS_WIDTH = 62;
