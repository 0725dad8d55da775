// One cell of the grid: how a variant's repeats of one input ended, and the first call of each shown repeat.
import Link from 'next/link';
import type { GridView } from '@/lib/panel/experiments/grid';
import { PathMark } from '@/app/components/category-mark';

type Cell = GridView['grid']['cells'][number];

function pairHref(a: string, b: string): string {
  return `/compare/pair?a=${a}&b=${b}`;
}

function callText(call: { name: string; arguments: Record<string, unknown> } | null): string {
  if (!call) return 'no call';
  const args = JSON.stringify(call.arguments);
  return `${call.name}(${args.length > 60 ? `${args.slice(0, 59)}…` : args})`;
}

export function GridCell({
  name,
  input,
  variant,
  cell,
  base,
}: {
  name: string;
  input: number;
  variant: number;
  cell: Cell | undefined;
  /** The first variant's cell for the same input: its repeats are the other side of each "pair" link. */
  base: Cell | undefined;
}) {
  return (
    <td className="grid-cell" data-testid="grid-cell" data-variant={name} data-input={input}>
      {cell ? (
        <>
          <span className="sub" data-testid="grid-outcomes">
            {Object.entries(cell.outcomes)
              .map(([outcome, count]) => `${outcome} ${count}`)
              .join(' · ')}
          </span>
          {cell.shown.map((repeat, index) => (
            <span
              key={repeat.conversationId}
              className="grid-repeat"
              data-testid="grid-repeat"
              data-conversation={repeat.conversationId}
            >
              <PathMark path={repeat.parsePath} testId="grid-parse-path" />{' '}
              <Link href={`/conversations/${repeat.conversationId}`} data-testid="grid-call">
                {callText(repeat.firstCall)}
              </Link>
              {repeat.correct === null ? '' : repeat.correct ? ' ✓' : ' ✗'}
              {variant > 0 && base?.shown[index] ? (
                <>
                  {' '}
                  <Link
                    href={pairHref(base.shown[index].conversationId, repeat.conversationId)}
                    data-testid="grid-pair"
                  >
                    pair
                  </Link>
                </>
              ) : null}
            </span>
          ))}
        </>
      ) : (
        <span className="muted">not run</span>
      )}
    </td>
  );
}
