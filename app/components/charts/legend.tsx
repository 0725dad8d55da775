// Legends and bar labels shared by the charts: legend entries in the order they were given, in
// ink rather than the series colour (a pale swatch colour makes pale text), above the plot.
import type { ReactNode } from 'react';
import { percentLabel } from './format';

export const LEGEND_PROPS = {
  itemSorter: null,
  verticalAlign: 'top' as const,
  wrapperStyle: { fontSize: 12, paddingBottom: 6 },
  formatter: (value: unknown): ReactNode => <span style={{ color: '#1d2330' }}>{String(value)}</span>,
};

type LabelBox = { x?: number | string; y?: number | string; width?: number | string; height?: number | string };

/**
 * A rate written on its bar: inside it, at the base, in white when the bar is tall enough, turned
 * upright when the bar is too narrow for the text; above it when the bar is short. Never on top of
 * the interval's whisker.
 */
export function RateBarLabel(props: { viewBox?: LabelBox; value?: unknown; small?: boolean }): ReactNode {
  const text = percentLabel(props.value);
  const box = props.viewBox ?? {};
  const [x, y, width, height] = [box.x, box.y, box.width, box.height].map((part) => Number(part ?? 0));
  if (text === '' || !Number.isFinite(x + y + width + height)) return null;
  const fontSize = props.small ? 10 : 11;
  const textLength = text.length * fontSize * 0.62;
  const upright = width < textLength + 4;
  const inside = upright ? height >= textLength + 10 : height >= 22;
  const common = { className: 'recharts-label', fontSize, fontWeight: 600, fill: inside ? '#ffffff' : '#1d2330' };
  // A halo keeps the text legible over the bar's edge inside, or over a whisker outside.
  const halo = inside
    ? { paintOrder: 'stroke' as const, stroke: 'rgba(0,0,0,0.3)', strokeWidth: 2 }
    : { paintOrder: 'stroke' as const, stroke: '#ffffff', strokeWidth: 4 };
  if (upright) {
    const centreX = x + width / 2;
    const baseY = inside ? y + height - 6 : y - 4;
    return (
      <text
        {...common}
        x={centreX}
        y={baseY}
        transform={`rotate(-90 ${centreX} ${baseY})`}
        textAnchor="start"
        dominantBaseline="central"
        style={halo}
      >
        {text}
      </text>
    );
  }
  return (
    <text {...common} x={x + width / 2} y={inside ? y + height - 7 : y - 4} textAnchor="middle" style={halo}>
      {text}
    </text>
  );
}
