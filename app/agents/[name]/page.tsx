import Link from 'next/link';
import { notFound } from 'next/navigation';
import { NotFoundError } from '@/lib/errors';
import { getAgentDetail, type AgentDetail } from '@/lib/panel/agents/detail';
import { formatTime, prettyJson } from '@/lib/panel/format';
import { getVariantHistory, listPromptVariants, type PromptVariantsView } from '@/lib/panel/agents/variants';
import { replayDefaults } from '@/lib/replay/page-data';
import type { PanelContext } from '@/lib/panel/context';
import { SharedDraftProvider } from './_components/shared-draft';
import { getPanel } from '@/lib/panel/runtime';
import { PromptWorkbench } from './_components/prompt-workbench';
import { InputsSection } from './_components/inputs-section';
import { ToolList } from './_components/tool-list';
import { Playground } from './_components/playground';
import { listEndpointViews } from '@/lib/panel/endpoints/endpoints';
import '../styles/agent-styles';

export const dynamic = 'force-dynamic';

async function load(name: string): Promise<{ detail: AgentDetail; variants: PromptVariantsView }> {
  const panel = await getPanel();
  try {
    return { detail: await getAgentDetail(panel, name), variants: listPromptVariants(panel, name) };
  } catch (error) {
    if (NotFoundError.is(error)) notFound();
    throw error;
  }
}

/** Next hands page parameters over still URL-encoded; a name that is not valid encoding is taken as it is. */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch (error) {
    if (error instanceof URIError) return name;
    throw error;
  }
}

export async function generateMetadata({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  return { title: `${decodedName(name)} · Agents · Remora` };
}

/** `?replay=ID&turn=N`: a stored conversation to open in the playground at turn N; null when absent or unknown. */
function playgroundReplay(panel: PanelContext, search: Record<string, string | string[] | undefined>) {
  const id = typeof search.replay === 'string' ? search.replay : null;
  const turn = Number(search.turn ?? 1);
  const defaults = id ? replayDefaults(panel.database, id) : null;
  if (!id || !defaults || !defaults.turns.includes(turn)) return null;
  return { conversationId: id, fromTurn: turn, systemPrompt: defaults.systemPrompt, temperature: defaults.temperature };
}

export default async function AgentPage({
  params,
  searchParams,
}: {
  params: Promise<{ name: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { name } = await params;
  const panel = await getPanel();
  const replay = playgroundReplay(panel, await searchParams);
  const { detail, variants } = await load(decodedName(name));
  const exportHref = `/api/agents/${encodeURIComponent(detail.name)}/export`;
  return (
    <>
      <div className="crumbs">
        <Link href="/agents">Agents</Link> / {detail.name}
      </div>
      <div className="page-head">
        <h1 data-testid="agent-name">{detail.name}</h1>
        {detail.valid ? (
          <span className="badge valid">valid</span>
        ) : (
          <span className="badge invalid">
            {detail.problems.length} problem{detail.problems.length === 1 ? '' : 's'}
          </span>
        )}
        <div className="actions">
          <Link
            className="button secondary"
            href={`/agents/${encodeURIComponent(detail.name)}/history`}
            data-testid="agent-history-link"
          >
            Results over time
          </Link>
          <a className="button secondary" href={exportHref} download data-testid="export-yaml">
            Export YAML
          </a>
          <Link
            className="button"
            href={`/experiments/new?${new URLSearchParams({ agent: detail.name })}`}
            data-testid="new-experiment-for-agent"
          >
            New experiment
          </Link>
        </div>
      </div>
      {detail.description ? <p className="agent-description">{detail.description}</p> : null}
      <dl className="facts" data-testid="agent-facts">
        <div>
          <dt>Max turns</dt>
          <dd data-testid="agent-max-turns">{detail.maxTurns ?? '—'}</dd>
        </div>
        <div>
          <dt>Ends with</dt>
          <dd>{detail.textAnswerEnds ? 'a text answer (or submit_result)' : 'submit_result'}</dd>
        </div>
        <div>
          <dt>Model</dt>
          <dd>{detail.model ?? 'the endpoint’s'}</dd>
        </div>
        <div>
          <dt>Folder</dt>
          <dd>
            <code>{detail.folder}</code>
          </dd>
        </div>
        <div>
          <dt>Changed</dt>
          <dd>{formatTime(detail.updatedAt)}</dd>
        </div>
      </dl>

      {detail.problems.length > 0 ? (
        <div className="error-box" role="alert" data-testid="agent-problems">
          <strong>This agent cannot run until these are fixed:</strong>
          <ul>
            {detail.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {detail.warnings.length > 0 ? (
        <div className="note" data-testid="agent-warnings">
          <strong>Advice:</strong> {detail.warnings.join('; ')}
        </div>
      ) : null}

      <section className="card" data-testid="tools">
        <div className="card-head">
          <h2>Tools</h2>
          <span className="muted">{detail.tools.length} tools; open one for its parameters and JSON Schema</span>
        </div>
        <ToolList tools={detail.tools} />
        {detail.settings ? (
          <details className="settings" data-testid="agent-settings">
            <summary>Settings handed to every tool</summary>
            <pre>{prettyJson(detail.settings)}</pre>
          </details>
        ) : null}
      </section>

      <SharedDraftProvider>
        {detail.valid ? (
          <Playground
            agentName={detail.name}
            systemPrompt={detail.systemPrompt ?? ''}
            nodeContext={variants.definition.nodeContext}
            versions={variants.variants.flatMap((variant) => getVariantHistory(panel, detail.name, variant.name))}
            replay={replay}
            inputs={detail.inputs.map((input) => ({ index: input.index, label: input.label }))}
            endpoints={listEndpointViews(panel).map((endpoint) => ({
              name: endpoint.name,
              model: endpoint.model,
              builtIn: endpoint.builtIn,
            }))}
          />
        ) : null}

        <PromptWorkbench
          agentName={detail.name}
          initial={variants}
          inputs={detail.inputs}
          inputCount={detail.inputCount}
        />
      </SharedDraftProvider>

      <InputsSection detail={detail} />
    </>
  );
}
