'use client';
// The new-experiment form's first card: agent, endpoint, inputs (the agent's own, the dataset it
// ships with, or a stored set whose expected calls name only its tools), scoring, and the numbers.
import {
  AGENT_SOURCE,
  type ExperimentDraft,
  type ExperimentFormOptions,
  type FormAgent,
  type FormEndpoint,
} from '@/lib/panel/experiments/form-drafts';
import { BUNDLED_SOURCE, datasetsFor } from '@/lib/panel/experiments/form-choices';
import type { FieldErrors } from '@/lib/panel/experiments/form-request';
import { FieldError, invalidProps } from './field-error';
import { EndpointField } from './endpoint-field';
import { LIMITS } from '@/lib/protocol/limits';

function agentFacts(agent: FormAgent): string {
  return `${agent.tools.length} tools, ${agent.inputCount} default inputs, ${agent.maxTurns ?? '?'} turns at most`;
}

/** " 2 stored datasets expecting tools NAME does not have are not listed." */
function hiddenDatasetsText(hidden: number, agentName: string | undefined): string {
  const [datasets, verb] = hidden === 1 ? ['1 stored dataset', 'is'] : [`${hidden} stored datasets`, 'are'];
  return ` ${datasets} expecting tools ${agentName ?? 'this agent'} does not have ${verb} not listed.`;
}

export function RunFields({
  draft,
  options,
  agent,
  endpoint,
  errors: fieldErrors,
  update,
  chooseAgent,
  chooseInputs,
}: {
  draft: ExperimentDraft;
  options: ExperimentFormOptions;
  agent: FormAgent | undefined;
  endpoint: FormEndpoint | undefined;
  errors: FieldErrors;
  update: (change: Partial<ExperimentDraft>) => void;
  chooseAgent: (name: string) => void;
  chooseInputs: (value: string) => void;
}) {
  const datasets = datasetsFor(options, agent);
  const scored = draft.inputSource.startsWith('dataset:') || draft.inputSource === BUNDLED_SOURCE;
  const maxTurnsHint = scored
    ? '1 for a dataset run (only the first response is scored)'
    : `the agent's (${agent?.maxTurns ?? '?'})`;
  return (
    <section className="card">
      <h2>What to run</h2>
      <div className="form-grid">
        <div>
          <label htmlFor="agent">Agent</label>
          <select
            id="agent"
            value={draft.agent}
            onChange={(event) => chooseAgent(event.target.value)}
            data-testid="agent-select"
            {...invalidProps('agent', fieldErrors)}
          >
            {options.agents.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.name}
              </option>
            ))}
          </select>
          <div className="field-hint">{agent ? agentFacts(agent) : ''}</div>
          <FieldError field="agent" errors={fieldErrors} />
        </div>
        <EndpointField
          value={draft.endpoint}
          options={options}
          endpoint={endpoint}
          errors={fieldErrors}
          update={update}
        />
        <div>
          <label htmlFor="inputs">Inputs</label>
          <select
            id="inputs"
            value={draft.inputSource}
            onChange={(event) => chooseInputs(event.target.value)}
            data-testid="inputs-select"
            {...invalidProps('inputs', fieldErrors)}
          >
            <option value={AGENT_SOURCE}>{`the agent's default inputs (${agent?.inputCount ?? 0})`}</option>
            {agent?.bundledDataset ? (
              <option value={BUNDLED_SOURCE}>
                {`the agent's dataset: ${agent.bundledDataset.file} (${agent.bundledDataset.caseCount} cases)`}
              </option>
            ) : null}
            {datasets.shown.map((candidate) => (
              <option key={candidate.id} value={`dataset:${candidate.id}`}>
                {`dataset: ${candidate.name} (${candidate.caseCount} cases)`}
              </option>
            ))}
          </select>
          <div className="field-hint" data-testid="inputs-hint">
            {scored
              ? 'Each case is scored against what it expects.'
              : datasets.shown.length === 0 && !agent?.bundledDataset
                ? 'No stored dataset for this agent yet.'
                : 'Or a dataset, scored for accuracy.'}
            {datasets.hidden > 0 ? hiddenDatasetsText(datasets.hidden, agent?.name) : ''}
          </div>
          <FieldError field="inputs" errors={fieldErrors} />
        </div>
        {scored ? (
          <div>
            <label htmlFor="scoring">Scoring</label>
            <select
              id="scoring"
              value={draft.scoring ?? 'lenient'}
              onChange={(event) => update({ scoring: event.target.value === 'bfcl' ? 'bfcl' : 'lenient' })}
              data-testid="scoring-select"
            >
              <option value="lenient">lenient (Remora&apos;s rules)</option>
              <option value="bfcl">bfcl (BFCL&apos;s AST checker, exactly)</option>
            </select>
            <div className="field-hint">
              {draft.scoring === 'bfcl'
                ? "Leaderboard-comparable: BFCL's own rules for punctuation, types and parallel calls."
                : "Remora's own rules, mostly more forgiving than BFCL's: not comparable with the leaderboard."}
            </div>
          </div>
        ) : null}
        <div>
          <label htmlFor="requests">Conversations per variant</label>
          <input
            id="requests"
            inputMode="numeric"
            value={draft.requestsPerVariant}
            onChange={(event) => update({ requestsPerVariant: event.target.value })}
            data-testid="requests-per-variant"
            {...invalidProps('requestsPerVariant', fieldErrors)}
          />
          <div className="field-hint">Inputs are cycled to fill them.</div>
          <FieldError field="requestsPerVariant" errors={fieldErrors} />
        </div>
        <div>
          <label htmlFor="concurrency">Concurrency</label>
          <input
            id="concurrency"
            inputMode="numeric"
            value={draft.concurrency}
            onChange={(event) => update({ concurrency: event.target.value })}
            data-testid="concurrency"
            {...invalidProps('concurrency', fieldErrors)}
          />
          <div className="field-hint" data-testid="concurrency-range">
            Conversations at once ({LIMITS.concurrency.min} to {LIMITS.concurrency.max}).
          </div>
          <FieldError field="concurrency" errors={fieldErrors} />
        </div>
        <div>
          <label htmlFor="max-turns">Max turns</label>
          <input
            id="max-turns"
            inputMode="numeric"
            placeholder={scored ? '1' : String(agent?.maxTurns ?? '')}
            value={draft.maxTurns}
            onChange={(event) => update({ maxTurns: event.target.value })}
            data-testid="max-turns"
            {...invalidProps('maxTurns', fieldErrors)}
          />
          <div className="field-hint">Empty: {maxTurnsHint}.</div>
          <FieldError field="maxTurns" errors={fieldErrors} />
        </div>
      </div>
    </section>
  );
}
