// Inputs x variants: each cell the outcomes of that variant's repeats of that input and the first
// call of its first repeats, by parse path and verdict (promptfoo's matrix, with what Remora knows).
// A cell's repeat links to its transcript; "pair" opens it beside the first variant's same repeat.
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { NotFoundError } from '@/lib/errors';
import { experimentGridView, GRID_PAGE, gridHref, readGridShow, type GridView } from '@/lib/panel/experiments/grid';
import type { GridShow } from '@/lib/db/queries/experiment-grid';
import { shortId } from '@/lib/panel/format';
import { getPanel } from '@/lib/panel/runtime';
import { SimulatedBadge } from '@/app/components/status-badge';
import { GridCell } from './grid-cell';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return { title: `Grid of experiment ${shortId(id)} · Remora` };
}

const SHOW_TEXT: Record<GridShow, string> = {
  all: 'All inputs',
  differ: 'Only where variants differ',
  failures: 'Only failures',
};

export default async function GridPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ offset?: string; filter?: string }>;
}) {
  const { id } = await params;
  const search = await searchParams;
  const offset = Math.max(0, Number(search.offset) || 0);
  const show = readGridShow(search.filter);
  let view: GridView;
  try {
    view = experimentGridView(await getPanel(), id, offset, show);
  } catch (error) {
    if (NotFoundError.is(error)) notFound();
    throw error;
  }
  const { experiment, grid, labels } = view;
  const cellOf = (input: number, variant: number) =>
    grid.cells.find((cell) => cell.inputIndex === input && cell.variantIndex === variant);
  return (
    <>
      <div className="crumbs">
        <Link href="/">Overview</Link> / <Link href="/experiments">experiments</Link> /{' '}
        <Link href={`/experiments/${id}`}>{shortId(id)}</Link> / grid
      </div>
      <div className="page-head">
        <h1>Inputs × variants</h1>
        {experiment.simulated ? <SimulatedBadge /> : null}
        <span className="muted">{experiment.agentName}</span>
      </div>
      <section className="card">
        <p className="muted" style={{ marginTop: 0 }}>
          Each cell: how its repeats ended, then the first call of its first repeats with the parse path it came by
          (✓/✗: the dataset verdict on it). A repeat failed when the dataset called it wrong, else when its task check
          failed, else when it did not submit.
        </p>
        <nav className="filter-links" aria-label="Inputs shown" data-testid="grid-filters">
          {(Object.keys(SHOW_TEXT) as GridShow[]).map((mode) => (
            <Link
              key={mode}
              href={gridHref(id, mode)}
              aria-current={show === mode ? 'true' : undefined}
              data-testid={`grid-filter-${mode}`}
            >
              {SHOW_TEXT[mode]}
            </Link>
          ))}
        </nav>
        {grid.inputIndexes.length === 0 ? (
          <p className="empty" data-testid="grid-empty">
            {show === 'differ'
              ? 'The variants ended alike on every input.'
              : show === 'failures'
                ? 'No input failed.'
                : 'No conversation yet.'}
          </p>
        ) : null}
        <div className="table-scroll">
          <table data-testid="grid">
            <thead>
              <tr>
                <th>Input</th>
                {experiment.variantNames.map((name) => (
                  <th key={name}>{name}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.inputIndexes.map((input) => (
                <tr key={input} data-testid="grid-row" data-input={input}>
                  <td>
                    <strong>#{input + 1}</strong> <span className="sub">{labels.get(input)}</span>
                  </td>
                  {experiment.variantNames.map((name, variant) => (
                    <GridCell
                      key={name}
                      name={name}
                      input={input}
                      variant={variant}
                      cell={cellOf(input, variant)}
                      base={cellOf(input, 0)}
                    />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <nav className="pager">
          {offset > 0 ? <Link href={gridHref(id, show, Math.max(0, offset - GRID_PAGE))}>← earlier inputs</Link> : null}
          <span className="muted">
            inputs {grid.inputIndexes.length === 0 ? 0 : offset + 1}–{offset + grid.inputIndexes.length} of{' '}
            {grid.inputCount}
            {show === 'all' ? '' : ` shown (${SHOW_TEXT[show].toLowerCase()})`}
          </span>
          {offset + GRID_PAGE < grid.inputCount ? (
            <Link href={gridHref(id, show, offset + GRID_PAGE)}>later inputs →</Link>
          ) : null}
        </nav>
      </section>
    </>
  );
}
