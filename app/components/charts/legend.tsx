// Legends and bar labels shared by the charts: legend entries in the order they were given, in
// ink rather than the series colour (a pale swatch colour makes pale text), above the plot.
import type { ReactNode } from 'react';
import type { FillPattern } from '@/lib/metrics/prepare-palette';
import { CategorySwatch } from '../category-mark';
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

/**
 * A legend drawn from the chart's own categories, each with its colour and texture (Recharts' icons
 * have no texture).
 */
export function SwatchLegend({ items }: { items: { name: string; colour: string; pattern?: FillPattern }[] }) {
  return (
    <ul className="swatch-legend" data-testid="swatch-legend">
      {items.map((item) => (
        <li key={item.name} data-name={item.name} data-pattern={item.pattern ?? 'solid'}>
          <CategorySwatch colour={item.colour} pattern={item.pattern} />
          {item.name}
        </li>
      ))}
    </ul>
  );
}

const PATTERN_MARKS: Record<Exclude<FillPattern, 'solid'>, ReactNode> = {
  stripes: <rect width={2} height={6} fill="rgba(255,255,255,0.75)" />,
  dots: <circle cx={3} cy={3} r={1.3} fill="rgba(255,255,255,0.85)" />,
  cross: (
    <>
      <rect width={2} height={6} fill="rgba(255,255,255,0.75)" />
      <rect width={6} height={2} fill="rgba(255,255,255,0.75)" />
    </>
  ),
};

/**
 * A bar segment in its colour with its texture drawn over it (Recharts' `shape`). Each patterned
 * segment carries its pattern's definition; the copies are identical, so which one is used does not matter.
 */
export function PatternedBar(props: {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  fill?: string;
  pattern?: FillPattern;
}): ReactNode {
  const { x = 0, y = 0, width = 0, height = 0, fill, pattern = 'solid' } = props;
  if (!(width > 0) || !(height > 0)) return null;
  const id = `remora-fill-${pattern}`;
  return (
    <g data-pattern={pattern}>
      <rect x={x} y={y} width={width} height={height} fill={fill} />
      {pattern === 'solid' ? null : (
        <>
          <defs>
            <pattern
              id={id}
              patternUnits="userSpaceOnUse"
              width={6}
              height={6}
              patternTransform={pattern === 'dots' ? undefined : 'rotate(45)'}
            >
              {PATTERN_MARKS[pattern]}
            </pattern>
          </defs>
          <rect x={x} y={y} width={width} height={height} fill={`url(#${id})`} />
        </>
      )}
    </g>
  );
}

type TickProps = {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
  /** The axis' width and how many ticks share it (Recharts passes both): each label's room. */
  width?: number | string;
  visibleTicksCount?: number;
};

/** About how wide a character is, in em, in the panel's sans-serif (DejaVu Sans is the widest seen). */
const CHARACTER_EM = 0.62;

/**
 * Up to `count` lines of at most `limit` characters, broken after spaces and hyphens; what does not
 * fit ends in "…".
 */
function wrapLines(text: string, limit: number, count: number): string[] {
  const words = text.split(/(?<=-)|\s+/).filter((word) => word !== '');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const joined = line === '' ? word : line.endsWith('-') ? `${line}${word}` : `${line} ${word}`;
    if (joined.length <= limit || line === '') line = joined;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  const kept = lines.slice(0, count);
  if (lines.length > count) kept[count - 1] = `${kept[count - 1]} ${lines.slice(count).join(' ')}`;
  return kept.map((part) => (part.length > limit ? `${part.slice(0, Math.max(1, limit - 1)).trimEnd()}…` : part));
}

/**
 * A category axis label that never runs into its neighbour: on up to two lines, broken at spaces and
 * hyphens to the width its category has on the axis (a phone's narrow chart gets a smaller type),
 * shortened with "…" past that; the whole name is its tooltip. Give the axis a height of about 34 px
 * so that the second line has room.
 */
export function CategoryTick(props: TickProps & { maxCharacters?: number }): ReactNode {
  const x = Number(props.x ?? 0);
  const y = Number(props.y ?? 0);
  const text = String(props.payload?.value ?? '');
  const room = Number(props.width) / Math.max(1, Number(props.visibleTicksCount ?? 1));
  const known = Number.isFinite(room) && room > 0;
  const fontSize = known && room < 90 ? 11 : 12;
  // 4 px between neighbours.
  const fits = known ? Math.max(3, Math.floor((room - 4) / (fontSize * CHARACTER_EM))) : 14;
  const lines = wrapLines(text, Math.min(props.maxCharacters ?? 14, fits), 2);
  return (
    <text x={x} y={y + 12} textAnchor="middle" fontSize={fontSize} fill="#5b6577">
      <title>{text}</title>
      {lines.map((line, index) => (
        <tspan key={index} x={x} dy={index === 0 ? 0 : fontSize + 1}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/** A bar's value written above it, on one line (Recharts would wrap it to the bar's width). */
export function TopValueLabel(props: {
  x?: number | string;
  y?: number | string;
  width?: number | string;
  value?: unknown;
  format: (value: unknown) => string;
}): ReactNode {
  const text = props.format(props.value);
  if (text === '') return null;
  const x = Number(props.x ?? 0) + Number(props.width ?? 0) / 2;
  return (
    <text
      x={x}
      y={Number(props.y ?? 0) - 5}
      textAnchor="middle"
      fontSize={10}
      fill="#1d2330"
      className="recharts-label"
      style={{ paintOrder: 'stroke', stroke: '#ffffff', strokeWidth: 3 }}
    >
      {text}
    </text>
  );
}
