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
  type ExperimentDraft,
  type ExperimentFormOptions,
  type VariantDraft,
} from '@/lib/panel/experiments/form-drafts';
import { BUNDLED_SOURCE, inputsStillApply } from '@/lib/panel/experiments/form-choices';
import { placeReasons, readableReason } from '@/lib/panel/experiments/form-reasons';
import { requestBodyOf, type FieldErrors } from '@/lib/panel/experiments/form-request';
import { FieldError } from './field-error';
import { RunFields } from './run-fields';
import { VariantEditor } from './variant-editor';
import { DecisionPlan, type PowerHistory } from './decision-plan';
import { SandboxChoice } from './sandbox-choice';
import { CustomCheckField } from './custom-check-field';
import { callApi } from '@/app/components/api-client';
import { FailureBox } from '@/app/components/failure-box';

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
  const bundled = draft.inputSource === BUNDLED_SOURCE ? (agent?.bundledDataset ?? null) : null;

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
    // Inputs that do not apply to it (another agent's tools, or no bundled set) go back to its own.
    setDraft((current) => ({
      ...current,
      agent: name,
      inputSource: inputsStillApply(current.inputSource, options, chosen) ? current.inputSource : AGENT_SOURCE,
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
    const stored = options.datasets.find((candidate) => `dataset:${candidate.id}` === value);
    const chosen = stored ?? (value === BUNDLED_SOURCE ? agent?.bundledDataset : undefined);
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

  /** The bundled set is stored first (or found, when the same cases are stored), then run as a dataset. */
  const storeBundled = async (): Promise<{ inputSource: string } | Failure> => {
    const answer = await callApi<{ dataset: { id: string } }>(
      `/api/agents/${encodeURIComponent(draft.agent)}/dataset`,
      { body: {} },
    );
    if (answer.ok && answer.body?.dataset) return { inputSource: `dataset:${answer.body.dataset.id}` };
    return answer.ok
      ? { message: `the server answered ${answer.status}`, reasons: [] }
      : { message: answer.message, reasons: answer.reasons };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const { errors } = requestBodyOf(draft, options);
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
      let sent = draft;
      if (draft.inputSource === BUNDLED_SOURCE) {
        const stored = await storeBundled();
        if ('message' in stored) {
          setFailure(stored);
          return;
        }
        sent = { ...draft, ...stored };
      }
      const { body } = requestBodyOf(sent, options);
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

  return (
    <form onSubmit={submit} noValidate data-testid="new-experiment-form">
      <RunFields
        draft={draft}
        options={options}
        agent={agent}
        endpoint={endpoint}
        errors={fieldErrors}
        update={update}
        chooseAgent={chooseAgent}
        chooseInputs={chooseInputs}
      />

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
        inputCount={(dataset ?? bundled)?.caseCount ?? agent?.inputCount ?? null}
      />

      <SandboxChoice options={options} agent={agent} draft={draft} update={update} />
      <CustomCheckField draft={draft} update={update} />

      {failure ? <FailureBox failure={failure} testId="form-error" /> : null}
      <div className="form-actions">
        <button type="submit" disabled={submitting} data-testid="start-experiment">
          {submitting ? 'Starting…' : 'Start experiment'}
        </button>
        <span className="muted">It runs on the server: you can close this page and come back.</span>
      </div>
    </form>
  );
}
