// Where the first view of a finished experiment's page and of the compare page spends its time:
// each read the page makes, timed once on a fresh process (nothing kept yet), then again.
//   npx tsx --conditions=react-server bench/first-view-parts.ts --db FILE   (a database panel-pages.ts kept)
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { closeDatabase, openDatabase } from '../lib/db/client';
import { projectRoot } from '../lib/config';
import { JobRunner } from '../lib/experiments/job-runner';
import type { PanelContext } from '../lib/panel/context';
import { compareVariants } from '../lib/panel/compare/compare';
import { getExperimentPageData } from '../lib/panel/experiments/charts';
import { getExperimentView } from '../lib/panel/experiments/experiments';
import { experimentReliability } from '../lib/panel/experiments/reliability';
import { customCheckRates } from '../lib/db/queries/custom-check-rates';
import { variantModels } from '../lib/panel/experiments/variant-models';
import { rerunSandboxNotice } from '../lib/panel/replay/sandbox-notice';
import { experimentOrigin, experimentScoring } from '../lib/replay/page-data';
import { PROFILES } from './panel-records';

const { values } = parseArgs({ options: { db: { type: 'string' } } });
if (!values.db) throw new Error('--db FILE is required');
const database = openDatabase(values.db);
const context: PanelContext = {
  database,
  jobRunner: new JobRunner({ database, toolPoolSize: 1, log: () => {} }),
  root: projectRoot(),
  simulatorUrl: () => 'http://127.0.0.1:1/v1',
};
const { id } = database.$client
  .prepare('select experiment_id as id from conversations group by experiment_id order by count(*) desc limit 1')
  .get() as { id: string };
const timed = (name: string, work: () => unknown) => {
  const started = performance.now();
  work();
  process.stdout.write(`${name.padEnd(40)} ${Math.round(performance.now() - started)} ms\n`);
};
const [a, b] = PROFILES.map((profile) => ({ experimentId: id, variant: profile.name }));
for (const round of ['first', 'again']) {
  process.stdout.write(`-- ${round}\n`);
  timed('getExperimentView (summary)', () => getExperimentView(context, id));
  timed('getExperimentPageData (+ latency)', () => getExperimentPageData(context, id));
  timed('experimentReliability', () => experimentReliability(context, id));
  timed('customCheckRates', () => customCheckRates(database, id));
  timed('variantModels', () => variantModels(database, id));
  timed('rerunSandboxNotice', () => rerunSandboxNotice(database, id));
  timed('experimentOrigin + scoring', () => [experimentOrigin(database, id), experimentScoring(database, id)]);
  timed('compareVariants', () => compareVariants(context, a, b));
}
closeDatabase(database);
