// A difference and its 95% interval on a small axis centred on zero: where B sits against A at a
// glance. Orange leans to B (B higher), blue to A; grey when the interval holds zero.
import type { IntervalAxis, IntervalMark } from '../../lib/panel/compare/interval';

const COLOURS = { b: '#d4650c', a: '#1f6feb', none: '#8c959f' } as const;
const WIDTH = 200;
const LEFT = 14;
const RIGHT = 14;

export function IntervalPlot({ mark, axis }: { mark: IntervalMark | null; axis: IntervalAxis }) {
  const x = (position: number) => LEFT + position * (WIDTH - LEFT - RIGHT);
  const unit = axis.unit === 'points' ? '' : ' turns';
  return (
    <svg
      viewBox={`0 0 ${WIDTH} 38`}
      width="100%"
      style={{ maxWidth: 240, display: 'block' }}
      role="img"
      aria-label={mark ? 'difference with its 95% interval' : 'no interval'}
      data-testid="interval-plot"
    >
      <line x1={x(0)} x2={x(1)} y1={14} y2={14} stroke="#d9dee7" />
      <line x1={x(0.5)} x2={x(0.5)} y1={5} y2={23} stroke="#5b6577" strokeDasharray="2 2" />
      {mark ? (
        <>
          <line
            x1={x(mark.low)}
            x2={x(mark.high)}
            y1={14}
            y2={14}
            stroke={COLOURS[mark.leaning]}
            strokeWidth={4}
            strokeLinecap="round"
          />
          <circle cx={x(mark.point)} cy={14} r={4.5} fill="#fff" stroke={COLOURS[mark.leaning]} strokeWidth={2} />
        </>
      ) : (
        <text x={x(0.5) + 6} y={18} fontSize={11} fill="#5b6577">
          no interval
        </text>
      )}
      <text x={x(0)} y={35} fontSize={11} fill="#5b6577" textAnchor="start">
        −{axis.limit}
        {unit}
      </text>
      <text x={x(0.5)} y={35} fontSize={11} fill="#5b6577" textAnchor="middle">
        0
      </text>
      <text x={x(1)} y={35} fontSize={11} fill="#5b6577" textAnchor="end">
        +{axis.limit}
        {unit}
      </text>
    </svg>
  );
}
