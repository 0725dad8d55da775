import Link from 'next/link';
import { notFound } from 'next/navigation';
import { NotFoundError } from '@/lib/errors';
import { getExperimentPageData, type ExperimentPageData } from '@/lib/panel/experiments/charts';
import type { ExperimentView } from '@/lib/panel/experiments/experiments';
import { formatTime, shortId } from '@/lib/panel/format';
import { getExperiment } from '@/lib/db/queries/experiments';
import { ExperimentManage } from './manage';
import { getPanel } from '@/lib/panel/runtime';
import { ExperimentLive } from './_components/experiment-live';
import { ExperimentLinks } from './_components/experiment-links';
import { ReplayBeside } from './_components/replay-beside';
import { replayBeside } from '@/lib/panel/replay/beside';
import { InputReliability } from './_components/input-reliability';
import { CustomCheckCard } from './_components/custom-check';
import { JudgeForm } from './judge-form';
import { listEndpoints } from '@/lib/db/queries/endpoints';
import { customCheckRates } from '@/lib/db/queries/custom-check-rates';
import { experimentReliability } from '@/lib/panel/experiments/reliability';
import { ExportButtons } from './export-buttons';
import { RerunFailed } from './rerun-failed';
import { rerunSandboxNotice } from '@/lib/panel/replay/sandbox-notice';
import { TrainingExport } from './training-export';
import { experimentOrigin, experimentScoring } from '@/lib/replay/page-data';
import type { ExperimentOrigin } from '@/lib/experiment-config/experiment-config';
import { variantModels, type VariantModel } from '@/lib/panel/experiments/variant-models';

export const dynamic = 'force-dynamic';

async function loadPage(id: string): Promise<ExperimentPageData> {
  const panel = await getPanel();
  try {
    return getExperimentPageData(panel, id);
  } catch (error) {
    if (NotFoundError.is(error)) notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const row = getExperiment((await getPanel()).database, id);
  return { title: row ? `${row.name ?? `${row.agentName} ${id.slice(0, 8)}`} · Remora` : 'Experiment · Remora' };
}

export default async function ExperimentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const data = await loadPage(id);
  const { view } = data;
  const settings = view.settings;
  const panel = await getPanel();
  const origin = experimentOrigin(panel.database, view.id);
  const scoring = experimentScoring(panel.database, view.id);
  // Per input, once the run ended (while it runs the live view is the place to look).
  const row = getExperiment(panel.database, view.id);
  const stopped = ['cancelled', 'failed', 'interrupted'].includes(view.status);
  const besideReplays = origin?.kind === 'replay' ? replayBeside(panel, view.id, origin) : null;
  const reliability =
    view.status === 'running' || view.status === 'pending' ? null : experimentReliability(panel, view.id);
  return (
    <>
      <div className="crumbs">
        <Link href="/">Overview</Link> / <Link href="/experiments">experiments</Link> / {row?.name ?? shortId(view.id)}
      </div>
      <div className="page-head">
        <h1>
          {row?.name ? <span data-testid="experiment-name">{row.name}</span> : view.agentName}{' '}
          <code style={{ fontSize: 15 }} data-testid="experiment-id">
            {view.id}
          </code>
        </h1>
        {row?.name ? <span className="muted">{view.agentName}</span> : null}
        <ExperimentLinks id={view.id} agentName={view.agentName} />
      </div>
      <dl className="facts">
        <div>
          <dt>Created</dt>
          <dd>{formatTime(view.createdAt)}</dd>
        </div>
        {settings ? (
          <>
            <div>
              <dt>Endpoint</dt>
              <dd>
                {settings.endpoint.builtInSimulator ? 'built-in simulator' : settings.endpoint.baseUrl} ·{' '}
                {settings.endpoint.model}
              </dd>
            </div>
            <div>
              <dt>Per variant</dt>
              <dd>{settings.requestsPerVariant} conversations</dd>
            </div>
            <div>
              <dt>Inputs</dt>
              <dd>{settings.inputCount}</dd>
            </div>
            <div>
              <dt>Concurrency</dt>
              <dd>{settings.concurrency}</dd>
            </div>
            {settings.sandbox ? (
              <div>
                <dt>Sandbox</dt>
                <dd data-testid="experiment-sandbox" data-confinement={settings.sandbox.confinement}>
                  {sandboxLabel(settings.sandbox)}
                </dd>
              </div>
            ) : null}
          </>
        ) : null}
        {scoring ? (
          <div>
            <dt>Scoring</dt>
            <dd
              data-testid="scoring-mode"
              title={
                scoring === 'bfcl'
                  ? "BFCL's AST checker, rule for rule: leaderboard-comparable"
                  : "Remora's own rules, more lenient than BFCL's checker (lib/datasets/README.md)"
              }
            >
              {scoring === 'bfcl' ? 'BFCL (AST checker, exact)' : 'lenient'}
            </dd>
          </div>
        ) : null}
        {origin ? <OriginFact origin={origin} /> : null}
      </dl>
      <div style={{ display: 'flex', gap: 8, alignItems: 'start', flexWrap: 'wrap' }}>
        <ExportButtons experimentId={view.id} />
        <TrainingExport
          experimentId={view.id}
          isDatasetRun={scoring !== null}
          variants={settings?.variants.map((variant) => variant.name) ?? []}
        />
      </div>
      <ExperimentManage
        experimentId={view.id}
        initial={{ name: row?.name ?? null, description: row?.description ?? null, tags: row?.tags ?? [] }}
        canResume={stopped}
        canDelete={!view.active}
        done={view.progress.done}
      />
      <ExperimentLive key={view.status} initial={data} />
      <CustomCheckCard rates={customCheckRates(panel.database, view.id)} />
      {view.status !== 'running' && view.status !== 'pending' ? (
        <JudgeForm
          experimentId={view.id}
          endpoints={listEndpoints(panel.database).map(({ id, name, model }) => ({ id, name, model }))}
        />
      ) : null}
      {besideReplays ? <ReplayBeside view={besideReplays} /> : null}
      {reliability ? <InputReliability view={reliability} /> : null}
      {settings ? <VariantsCard variants={settings.variants} models={variantModels(panel.database, view.id)} /> : null}
      {settings && view.status !== 'running' && view.status !== 'pending' ? (
        <RerunFailed
          experimentId={view.id}
          variants={settings.variants}
          sandbox={rerunSandboxNotice(panel.database, view.id)}
        />
      ) : null}
    </>
  );
}

/** What a replay or a re-run of failed inputs was made from, linked. */
function OriginFact({ origin }: { origin: ExperimentOrigin }) {
  return (
    <div>
      <dt>Made from</dt>
      <dd data-testid="experiment-origin">
        {origin.kind === 'replay' ? (
          <>
            replay of <Link href={`/conversations/${origin.conversationId}`}>a conversation</Link> from turn{' '}
            {origin.fromTurn}
          </>
        ) : (
          <>
            the {origin.inputIndexes.length} failed input(s) of{' '}
            <Link href={`/experiments/${origin.experimentId}`}>experiment {origin.experimentId.slice(0, 8)}</Link>
          </>
        )}
      </dd>
    </div>
  );
}

const SETTING_LABELS: [string, string][] = [
  ['toolChoice', 'Tool choice'],
  ['temperature', 'Temperature'],
  ['maxTokens', 'Max tokens'],
  ['responsePreference', 'Response preference'],
  ['historyMode', 'History'],
  ['forceSubmitOnLastTurn', 'Force submit'],
  ['toolPresentation', 'Tools'],
  ['logprobs', 'Logprobs'],
];

/** The recorded confinement in words: an unconfined run says whether the user chose it. */
function sandboxLabel(sandbox: NonNullable<NonNullable<ExperimentView['settings']>['sandbox']>): string {
  if (sandbox.confinement === 'bubblewrap') return 'bubblewrap';
  if (sandbox.unsafeNoSandbox) return 'none: run without a sandbox, as the user chose';
  return sandbox.toolProcesses ? 'none' : 'not needed: every tool runs inside Remora, none as a process';
}

function settingText(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'object') {
    const named = (value as { function?: { name?: unknown } }).function?.name;
    return typeof named === 'string' ? `only ${named}` : JSON.stringify(value);
  }
  return String(value);
}

function VariantsCard({
  variants,
  models,
}: {
  variants: NonNullable<ExperimentView['settings']>['variants'];
  models: Map<string, VariantModel>;
}) {
  return (
    <section className="card" data-testid="variants">
      <h2>Variants</h2>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>Variant</th>
              <th>Model</th>
              <th>Family</th>
              {SETTING_LABELS.map(([key, label]) => (
                <th key={key}>{label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {variants.map((variant) => (
              <tr key={variant.name}>
                <td>
                  <strong>{variant.name}</strong>
                </td>
                <td data-testid="variant-model">{models.get(variant.name)?.model ?? '—'}</td>
                <td data-testid="variant-family">{models.get(variant.name)?.family ?? 'not declared'}</td>
                {SETTING_LABELS.map(([key]) => (
                  <td key={key}>{settingText(variant.settings[key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {variants.map((variant) => (
        <details key={variant.name} data-testid="variant-prompt">
          <summary>System prompt of {variant.name}</summary>
          <pre>{variant.systemPrompt}</pre>
        </details>
      ))}
    </section>
  );
}
