import Link from 'next/link';
import { getExperimentFormOptions } from '@/lib/panel/experiments/form';
import { initialDraft } from '@/lib/panel/experiments/form-drafts';
import { cloneDraft } from '@/lib/panel/experiments/clone-draft';
import { getPanel } from '@/lib/panel/runtime';
import { planFromHistory } from '@/lib/experiments/plan-checks';
import { NewExperimentForm } from './new-experiment-form';
import type { PowerHistory } from './decision-plan';

export const dynamic = 'force-dynamic';

type Query = {
  agent?: string | string[];
  variant?: string | string[];
  dataset?: string | string[];
  from?: string | string[];
};

export const metadata = { title: 'New experiment · Remora' };

/** /experiments/new?agent=NAME&variant=SAVED_VARIANT&dataset=NAME: the form, filled from the query. */
export default async function NewExperimentPage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const panel = await getPanel();
  const options = await getExperimentFormOptions(panel);
  const from = Array.isArray(query.from) ? query.from[0] : query.from;
  const cloned = from ? cloneDraft(panel, options, from) : null;
  const { draft, notices } = cloned?.draft
    ? cloned
    : {
        ...initialDraft(options, query),
        notices: [...(cloned?.notices ?? []), ...initialDraft(options, query).notices],
      };
  // The power hint starts from each agent's latest completed A/B experiment, when there is one.
  const histories: Record<string, PowerHistory> = {};
  for (const agent of options.agents) {
    const plan = planFromHistory(panel.database, agent.name, 'toolCallRate', 0.05, 0.8);
    if (plan.fromExperiment)
      histories[agent.name] = {
        baseline: plan.baseline,
        discordance: plan.discordance,
        fromExperiment: plan.fromExperiment,
      };
  }
  return (
    <>
      <div className="crumbs">
        <Link href="/">Overview</Link> / <Link href="/experiments">experiments</Link> / new
      </div>
      <div className="page-head">
        <h1>New experiment</h1>
      </div>
      {notices.length > 0 ? (
        <div className="note" data-testid="form-notices">
          {notices.map((notice) => (
            <div key={notice}>{notice}</div>
          ))}
        </div>
      ) : null}
      {options.invalidAgents.length > 0 ? (
        <p className="note" data-testid="invalid-agents">
          Not offered because their definition has problems: {options.invalidAgents.join(', ')}.
        </p>
      ) : null}
      {options.agents.length === 0 ? (
        <section className="card">
          <p className="empty" data-testid="no-agents">
            There is no valid agent to run. Add one under <code>agents/</code> and restart the panel.
          </p>
        </section>
      ) : (
        // Keyed by the query, so that following another ?agent=&variant= link starts a fresh form.
        <NewExperimentForm key={JSON.stringify(query)} options={options} initial={draft} histories={histories} />
      )}
    </>
  );
}
