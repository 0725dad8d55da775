// The side-by-side grid page's data: inputs down, variants across (getExperimentGrid), with each
// input's label read from one of its conversations.
import {
  getExperimentGrid,
  GRID_SHOWS,
  inputTextsOf,
  type ExperimentGrid,
  type GridShow,
} from '../../db/queries/experiment-grid';
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
  show: GridShow;
};

/** The address's `filter` as a display mode; anything else shows all inputs. */
export function readGridShow(value: string | undefined): GridShow {
  return GRID_SHOWS.find((show) => show === value) ?? 'all';
}

/** The grid's address with this mode and window (the mode is left out when it shows all). */
export function gridHref(experimentId: string, show: GridShow, offset = 0): string {
  const params = new URLSearchParams();
  if (show !== 'all') params.set('filter', show);
  if (offset > 0) params.set('offset', String(offset));
  const query = params.toString();
  return `/experiments/${experimentId}/grid${query ? `?${query}` : ''}`;
}

export function experimentGridView(
  context: PanelContext,
  experimentId: string,
  offset: number,
  show: GridShow = 'all',
): GridView {
  const experiment = getExperimentHeader(context, experimentId);
  const grid = getExperimentGrid(context.database, experimentId, {
    inputOffset: offset,
    inputLimit: GRID_PAGE,
    repeatsShown: 4,
    show,
  });
  const labels = new Map<number, string>();
  for (const row of inputTextsOf(context.database, experimentId, grid.inputIndexes)) {
    const parsed = parseJson(row.input);
    labels.set(row.inputIndex, parsed.ok ? inputLabel(parsed.value) : `input ${row.inputIndex + 1}`);
  }
  return { experiment, grid, labels, offset, show };
}
