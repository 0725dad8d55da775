// The confusion table of expected against called tool names: its shape, the matrix a heat map
// draws, and the plain-text table of the command line.
import Table from 'cli-table3';
import { NO_CALL } from '../datasets/verdict';

export type ConfusionCell = { expected: string; called: string; count: number };

/**
 * Expected against called tool names for one variant: `expected` and `called` are the labels in
 * alphabetical order with "(no call)" last; `cells` holds the non-zero counts. Parallel calls count
 * once per pairing (see lib/datasets/score.ts); unscored verdicts not at all.
 */
export type Confusion = {
  variant: string;
  expected: string[];
  called: string[];
  cells: ConfusionCell[];
  total: number;
};

/** The labels of one side in the table's order: alphabetical, "(no call)" last. */
export function labelsOf(values: string[]): string[] {
  return [...new Set(values)].sort((first, second) =>
    first === NO_CALL ? 1 : second === NO_CALL ? -1 : first.localeCompare(second),
  );
}

/** A variant's confusion table from its counted cells (in any order). */
export function confusionOf(variant: string, cells: ConfusionCell[]): Confusion {
  const sorted = [...cells].sort(
    (first, second) => first.expected.localeCompare(second.expected) || first.called.localeCompare(second.called),
  );
  return {
    variant,
    expected: labelsOf(sorted.map((cell) => cell.expected)),
    called: labelsOf(sorted.map((cell) => cell.called)),
    cells: sorted,
    total: sorted.reduce((sum, cell) => sum + cell.count, 0),
  };
}

export type ConfusionMatrix = {
  rows: string[];
  columns: string[];
  /** counts[row][column]; zero where nothing was counted. */
  counts: number[][];
  /** Share of each row that went to each column (null for an empty row). */
  shares: (number | null)[][];
  rowTotals: number[];
  /** Cells on the diagonal (the expected name was called) over all counts; null when there are none. */
  agreement: number | null;
};

/**
 * The matrix a heat map draws: every expected name a row, every called name a column, or the rows
 * and columns given (a page draws every variant's table with the same ones, so they read alike).
 */
export function prepareConfusionMatrix(
  confusion: Confusion,
  axes: { rows?: string[]; columns?: string[] } = {},
): ConfusionMatrix {
  const rows = axes.rows ?? confusion.expected;
  const columns = axes.columns ?? confusion.called;
  const counts = rows.map(() => columns.map(() => 0));
  for (const cell of confusion.cells) {
    const row = rows.indexOf(cell.expected);
    const column = columns.indexOf(cell.called);
    if (row >= 0 && column >= 0) counts[row][column] += cell.count;
  }
  const rowTotals = counts.map((row) => row.reduce((sum, count) => sum + count, 0));
  const shares = counts.map((row, index) =>
    row.map((count) => (rowTotals[index] === 0 ? null : count / rowTotals[index])),
  );
  const total = rowTotals.reduce((sum, count) => sum + count, 0);
  const diagonal = confusion.cells
    .filter((cell) => cell.expected === cell.called)
    .reduce((sum, cell) => sum + cell.count, 0);
  return { rows, columns, counts, shares, rowTotals, agreement: total === 0 ? null : diagonal / total };
}

export function formatConfusionTable(confusion: Confusion): string {
  const matrix = prepareConfusionMatrix(confusion);
  if (matrix.rows.length === 0) return `Confusion (${confusion.variant}): nothing scored yet`;
  const table = new Table({
    head: ['expected \\ called', ...matrix.columns],
    style: { head: [], border: [], compact: true },
  });
  matrix.rows.forEach((row, index) =>
    table.push([row, ...matrix.counts[index].map((count) => (count === 0 ? '.' : String(count)))]),
  );
  return `Confusion of expected and called tools (${confusion.variant})\n${table.toString()}`;
}
