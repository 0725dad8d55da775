// What the new-experiment form offers: valid agents with their saved prompt variants, endpoints,
// and stored datasets. Read on the server; the form itself only sees these plain values.
import { expectedToolNames } from '../../db/queries/dataset-edits';
import { listDatasets } from '../../db/queries/datasets';
import { bundledDatasetOf } from '../datasets/bundled';
import { listLatestVariants, variantOrigin } from '../../db/queries/prompt-variants';
import { listAgentViews } from '../agents/agents';
import type { PanelContext } from '../context';
import { listEndpointViews } from '../endpoints/endpoints';
import type { ExperimentFormOptions } from './form-drafts';
import { getAgentByName } from '../../db/queries/agents';
import { runsModelCode } from '../../tools/sandbox/experiment-sandbox';
import { sandboxHost } from '../../tools/sandbox/host';

export async function getExperimentFormOptions(context: PanelContext): Promise<ExperimentFormOptions> {
  const agents = await listAgentViews(context);
  const valid = agents.filter((agent) => agent.valid);
  const bundled = await Promise.all(
    valid.map((agent) => {
      const row = getAgentByName(context.database, agent.name);
      return row ? bundledDatasetOf(context, row) : null;
    }),
  );
  const toolNames = expectedToolNames(context.database);
  return {
    agents: valid.map((agent, index) => ({
      name: agent.name,
      systemPrompt: agent.systemPrompt ?? '',
      tools: agent.tools.map((tool) => tool.name),
      inputCount: agent.inputCount ?? 0,
      maxTurns: agent.maxTurns,
      runsModelCode: runsModelCode({ settings: agentSettings(context, agent.name) }),
      bundledDataset: bundled[index],
      savedVariants: listLatestVariants(context.database, agent.id).map((variant) => ({
        id: variant.id,
        name: variant.name,
        version: variant.version,
        systemPrompt: variant.systemPrompt,
        nodeContext: variant.nodeContext,
        origin: variantOrigin(context.database, variant),
      })),
    })),
    invalidAgents: agents.filter((agent) => !agent.valid).map((agent) => agent.name),
    endpoints: listEndpointViews(context).map((endpoint) => ({
      name: endpoint.name,
      model: endpoint.model,
      builtIn: endpoint.builtIn,
      baseUrl: endpoint.baseUrl,
    })),
    datasets: listDatasets(context.database).map((dataset) => ({
      id: dataset.id,
      name: dataset.name,
      caseCount: dataset.caseCount,
      toolNames: toolNames.get(dataset.id) ?? [],
    })),
    sandbox: { confinement: sandboxHost().confinement, reason: sandboxHost().unavailableReason },
  };
}

function agentSettings(context: PanelContext, name: string): Record<string, unknown> {
  const settings = getAgentByName(context.database, name)?.definition.settings;
  return settings && typeof settings === 'object' ? (settings as Record<string, unknown>) : {};
}
