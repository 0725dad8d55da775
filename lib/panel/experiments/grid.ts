// The side-by-side grid page's data: inputs down, variants across (getExperimentGrid), with each
// input's label read from one of its conversations.
import { getExperimentGrid, inputTextsOf, type ExperimentGrid } from '../../db/queries/experiment-grid';
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
  for (const row of inputTextsOf(context.database, experimentId, grid.inputIndexes)) {
    const parsed = parseJson(row.input);
    labels.set(row.inputIndex, parsed.ok ? inputLabel(parsed.value) : `input ${row.inputIndex + 1}`);
  }
  return { experiment, grid, labels, offset };
}
