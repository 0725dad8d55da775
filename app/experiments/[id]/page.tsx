import Link from 'next/link';
import { notFound } from 'next/navigation';
import { NotFoundError } from '../../../lib/errors';
import { getExperimentView, type ExperimentView } from '../../../lib/panel/experiments';
import { formatTime } from '../../../lib/panel/format';
import { getPanel } from '../../../lib/panel/runtime';
import { ExperimentLive } from '../../components/experiment-live';

export const dynamic = 'force-dynamic';

async function loadView(id: string): Promise<ExperimentView> {
  const panel = await getPanel();
  try {
    return getExperimentView(panel, id);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

export default async function ExperimentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const view = await loadView(id);
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
      <ExperimentLive initial={view} />
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
