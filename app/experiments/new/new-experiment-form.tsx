'use client';
// The form that starts an experiment: agent, variants (prompt and settings each), endpoint, inputs
// (the agent's or a stored dataset), conversations per variant and concurrency. It posts to
// POST /api/experiments; each refusal reason is shown beside its field and listed at the end.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import {
  AGENT_SOURCE,
  newVariant,
  nextVariantName,
  placeReasons,
  readableReason,
  requestBodyOf,
  type ExperimentDraft,
  type ExperimentFormOptions,
  type FieldErrors,
  type VariantDraft,
} from '@/lib/panel/experiments/form-drafts';
import { FieldError, invalidProps } from './field-error';
import { VariantEditor } from './variant-editor';
import { DecisionPlan, type PowerHistory } from './decision-plan';
import { SandboxChoice } from './sandbox-choice';
import { callApi } from '@/app/components/api-client';

type Failure = { message: string; reasons: string[] };

export function NewExperimentForm({
  options,
  initial,
  histories = {},
}: {
  options: ExperimentFormOptions;
  initial: ExperimentDraft;
  histories?: Record<string, PowerHistory>;
}) {
  const router = useRouter();
  const [draft, setDraft] = useState<ExperimentDraft>(initial);
  const [nextKey, setNextKey] = useState(initial.variants.length + 1);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const agent = options.agents.find((candidate) => candidate.name === draft.agent) ?? options.agents[0];
  const endpoint = options.endpoints.find((candidate) => candidate.name === draft.endpoint);
  const dataset = options.datasets.find((candidate) => `dataset:${candidate.id}` === draft.inputSource);

  const update = (change: Partial<ExperimentDraft>) => setDraft((current) => ({ ...current, ...change }));
  const updateVariant = (key: number, change: Partial<VariantDraft>) =>
    setDraft((current) => ({
      ...current,
      variants: current.variants.map((variant) => (variant.key === key ? { ...variant, ...change } : variant)),
    }));

  const chooseAgent = (name: string) => {
    const chosen = options.agents.find((candidate) => candidate.name === name);
    // A new agent brings its own prompt and tools: prompts start from it again, and a named tool
    // choice it does not have goes back to auto.
    setDraft((current) => ({
      ...current,
      agent: name,
      variants: current.variants.map((variant) => ({
        ...variant,
        source: AGENT_SOURCE,
        systemPrompt: chosen?.systemPrompt ?? '',
        nodeContext: null,
        settings: {
          ...variant.settings,
          toolChoice: ['auto', 'required', 'none', ...(chosen?.tools ?? [])].includes(variant.settings.toolChoice)
            ? variant.settings.toolChoice
            : 'auto',
        },
      })),
    }));
  };
  const chooseInputs = (value: string) => {
    const chosen = options.datasets.find((candidate) => `dataset:${candidate.id}` === value);
    // One pass over a dataset is the usual run: each case once per variant. Completion and turns
    // are not compared in a dataset run, so neither can stay its primary metric.
    const keepsPrimary = !chosen || !['completionRate', 'turnsToCompletion'].includes(draft.primaryMetric ?? '');
    update(
      chosen
        ? {
            inputSource: value,
            requestsPerVariant: String(chosen.caseCount),
            ...(keepsPrimary ? {} : { primaryMetric: '' }),
          }
        : { inputSource: value },
    );
  };
  const addVariant = () => {
    setDraft((current) => {
      const last = current.variants[current.variants.length - 1];
      const added = newVariant(
        nextKey,
        nextVariantName(current.variants.map((variant) => variant.name)),
        agent,
        last?.settings,
      );
      return { ...current, variants: [...current.variants, added] };
    });
    setNextKey(nextKey + 1);
  };
  const removeVariant = (key: number) =>
    setDraft((current) => ({ ...current, variants: current.variants.filter((variant) => variant.key !== key) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const { body, errors } = requestBodyOf(draft, options);
    if (Object.keys(errors).length > 0) {
      setFieldErrors(errors);
      setFailure({
        message: 'Some fields need a number',
        reasons: Object.entries(errors).flatMap(([field, messages]) =>
          messages.map((message) => readableReason(`${field}: ${message}`)),
        ),
      });
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const answer = await callApi<{ id?: string }>('/api/experiments', { body });
      if (answer.ok && answer.status === 201 && answer.body?.id) {
        router.push(`/experiments/${answer.body.id}`);
        return;
      }
      const reasons = answer.ok ? [] : answer.reasons;
      setFieldErrors(placeReasons(reasons).fields);
      setFailure({
        message: answer.ok ? `the server answered ${answer.status}` : answer.message,
        reasons: reasons.map(readableReason),
      });
    } finally {
      setSubmitting(false);
    }
  };

  const maxTurnsHint = dataset
    ? '1 for a dataset run (only the first response is scored)'
    : `the agent's (${agent?.maxTurns ?? '?'})`;
  return (
    <form onSubmit={submit} noValidate data-testid="new-experiment-form">
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
            <div className="field-hint">
              {agent
                ? `${agent.tools.length} tools, ${agent.inputCount} default inputs, ${agent.maxTurns ?? '?'} turns at most`
                : ''}
            </div>
            <FieldError field="agent" errors={fieldErrors} />
          </div>
          <div>
            <label htmlFor="endpoint">Endpoint</label>
            <select
              id="endpoint"
              value={draft.endpoint}
              onChange={(event) => update({ endpoint: event.target.value })}
              data-testid="endpoint-select"
              {...invalidProps('endpoint', fieldErrors)}
            >
              {options.endpoints.map((candidate) => (
                <option key={candidate.name} value={candidate.name}>
                  {candidate.builtIn ? 'built-in simulator (simulated)' : `${candidate.name} (${candidate.model})`}
                </option>
              ))}
            </select>
            <div className="field-hint">
              {!endpoint || endpoint.builtIn ? 'Needs no GPU; its numbers are marked simulated.' : endpoint.baseUrl}
            </div>
            {!endpoint || endpoint.builtIn ? (
              <div className="field-hint" data-testid="simulator-ab-note">
                The simulator does not read a prompt&apos;s wording (its failure rates are the same whatever the prompt
                says): variants that differ only in their prompt are an A/A test on it, and any difference is noise.
                Settings such as tool choice do change what it does.{' '}
                <a href="/start#real-server">Point at a real server</a> to compare prompts.
              </div>
            ) : null}
            <FieldError field="endpoint" errors={fieldErrors} />
          </div>
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
              {options.datasets.map((candidate) => (
                <option key={candidate.id} value={`dataset:${candidate.id}`}>
                  {`dataset: ${candidate.name} (${candidate.caseCount} cases)`}
                </option>
              ))}
            </select>
            <div className="field-hint">
              {dataset
                ? 'Each case is scored against what it expects.'
                : options.datasets.length === 0
                  ? 'No stored dataset yet.'
                  : 'Or a stored dataset, scored for accuracy.'}
            </div>
            <FieldError field="inputs" errors={fieldErrors} />
          </div>
          {dataset ? (
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
            <div className="field-hint">Conversations at once (1 to 64).</div>
            <FieldError field="concurrency" errors={fieldErrors} />
          </div>
          <div>
            <label htmlFor="max-turns">Max turns</label>
            <input
              id="max-turns"
              inputMode="numeric"
              placeholder={dataset ? '1' : String(agent?.maxTurns ?? '')}
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

      <section className="card">
        <div className="card-head">
          <h2>Variants</h2>
          <span className="muted">
            each variant runs the same inputs; change the prompt and/or the settings to compare (two or more for an A/B
            test)
          </span>
        </div>
        <FieldError field="variants" errors={fieldErrors} />
        {draft.variants.map((variant, index) => (
          <VariantEditor
            key={variant.key}
            variant={variant}
            index={index}
            agent={agent}
            errors={fieldErrors}
            removable={draft.variants.length > 1}
            onChange={(change) => updateVariant(variant.key, change)}
            onRemove={() => removeVariant(variant.key)}
          />
        ))}
        <button
          type="button"
          className="secondary"
          onClick={addVariant}
          data-testid="add-variant"
          disabled={draft.variants.length >= 20}
        >
          Add variant
        </button>
      </section>

      <DecisionPlan
        draft={draft}
        update={update}
        simulated={!endpoint || endpoint.builtIn}
        history={histories[draft.agent] ?? null}
        inputCount={dataset ? dataset.caseCount : (agent?.inputCount ?? null)}
      />

      <SandboxChoice options={options} agent={agent} draft={draft} update={update} />

      {failure ? (
        <div className="error-box" role="alert" data-testid="form-error">
          <strong>{failure.message}</strong>
          {failure.reasons.length > 0 ? (
            <ul>
              {failure.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="form-actions">
        <button type="submit" disabled={submitting} data-testid="start-experiment">
          {submitting ? 'Starting…' : 'Start experiment'}
        </button>
        <span className="muted">It runs on the server: you can close this page and come back.</span>
      </div>
    </form>
  );
}
