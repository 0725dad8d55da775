import Link from 'next/link';
import { notFound } from 'next/navigation';
import { NotFoundError } from '../../../lib/errors';
import { getExperimentPageData, type ExperimentPageData } from '../../../lib/panel/experiment-charts';
import type { ExperimentView } from '../../../lib/panel/experiments';
import { formatTime } from '../../../lib/panel/format';
import { getPanel } from '../../../lib/panel/runtime';
import { ExperimentLive } from '../../components/experiment-live';
import { ExportButtons } from './export-buttons';

export const dynamic = 'force-dynamic';

async function loadPage(id: string): Promise<ExperimentPageData> {
  const panel = await getPanel();
  try {
    return getExperimentPageData(panel, id);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

export default async function ExperimentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const data = await loadPage(id);
  const { view } = data;
  const settings = view.settings;
  return (
    <>
      <div className="crumbs">
        <Link href="/">Overview</Link> / experiment
      </div>
      <div className="page-head">
        <h1>
          {view.agentName} <code style={{ fontSize: 15 }} data-testid="experiment-id">{view.id}</code>
        </h1>
        <div className="actions">
          <Link className="button secondary" href={`/experiments/${view.id}/conversations`} data-testid="conversations-link">
            Conversations
          </Link>
          <Link className="button secondary" href={`/compare?experiment=${encodeURIComponent(view.id)}`} data-testid="compare-link">
            Compare variants
          </Link>
          <Link className="button secondary" href={`/agents/${encodeURIComponent(view.agentName)}/history`} data-testid="history-link">
            {view.agentName} over time
          </Link>
        </div>
      </div>
      <dl className="facts">
        <div>
          <dt>Created</dt>
          <dd>{formatTime(view.createdAt)} UTC</dd>
        </div>
        {settings ? (
          <>
            <div>
              <dt>Endpoint</dt>
              <dd>
                {settings.endpoint.builtInSimulator ? 'built-in simulator' : settings.endpoint.baseUrl} · {settings.endpoint.model}
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
          </>
        ) : null}
      </dl>
      <ExportButtons experimentId={view.id} />
      <ExperimentLive initial={data} />
      {settings ? <VariantsCard variants={settings.variants} /> : null}
    </>
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

function settingText(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'object') {
    const named = (value as { function?: { name?: unknown } }).function?.name;
    return typeof named === 'string' ? `only ${named}` : JSON.stringify(value);
  }
  return String(value);
}

function VariantsCard({ variants }: { variants: NonNullable<ExperimentView['settings']>['variants'] }) {
  return (
    <section className="card" data-testid="variants">
      <h2>Variants</h2>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>Variant</th>
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
