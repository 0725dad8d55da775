// The side-by-side grid page's data: inputs down, variants across (getExperimentGrid), with each
// input's label read from one of its conversations.
import { sql } from 'drizzle-orm';
import { getExperimentGrid, type ExperimentGrid } from '../../db/queries/experiment-grid';
import { parseJson } from '../../protocol/json';
import { inputLabel } from '../compare/labels';
import type { PanelContext } from '../context';
import { getExperimentHeader, type ExperimentHeader } from './experiments';

export const GRID_PAGE = 25;

export type GridView = {
  experiment: ExperimentHeader;
  grid: ExperimentGrid;
  labels: Map<number, string>;
  offset: number;
};

export function experimentGridView(context: PanelContext, experimentId: string, offset: number): GridView {
  const experiment = getExperimentHeader(context, experimentId);
  const grid = getExperimentGrid(context.database, experimentId, {
    inputOffset: offset,
    inputLimit: GRID_PAGE,
    repeatsShown: 4,
  });
  const labels = new Map<number, string>();
  if (grid.inputIndexes.length > 0) {
    const list = sql.join(
      grid.inputIndexes.map((index) => sql`${index}`),
      sql`, `,
    );
    const rows = context.database.all<{ input_index: number; input: string }>(
      sql`select input_index, min(input) as input from conversations
          where experiment_id = ${experimentId} and input_index in (${list}) group by input_index`,
    );
    for (const row of rows) {
      const parsed = parseJson(row.input);
      labels.set(row.input_index, parsed.ok ? inputLabel(parsed.value) : `input ${row.input_index + 1}`);
    }
  }
  return { experiment, grid, labels, offset };
}
