import { BundledDatasetImport } from '@/lib/api/datasets';
import { apiRoute, json } from '@/lib/http/api-route';
import { readParams } from '@/lib/http/read-request';
import { AgentNameParams } from '@/lib/panel/agents/requests';
import { importBundledDataset } from '@/lib/panel/datasets/bundled';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

/**
 * Stores the dataset the agent ships with (its default_dataset) as a dataset: 201 with the set, or
 * 200 when a stored set already holds exactly those cases (under whatever name).
 */
export const POST = apiRoute(
  async (_request, context: { params: Promise<{ name: string }> }) => {
    const { name } = await readParams(context.params, AgentNameParams);
    const panel = await getPanel();
    const result = await importBundledDataset(panel, name);
    return json(result, result.reused ? 200 : 201);
  },
  { response: BundledDatasetImport },
);
