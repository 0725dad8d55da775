'use client';
// The form that starts an experiment: agent, variants (prompt and settings each), endpoint, inputs
// (the agent's or a stored dataset), conversations per variant and concurrency. It posts to
// POST /api/experiments; each refusal reason is shown beside its field and listed at the end.
import type { ExperimentDraft, ExperimentFormOptions } from '@/lib/panel/experiments/form-drafts';
import { BUNDLED_SOURCE } from '@/lib/panel/experiments/form-choices';
import { FieldError } from './field-error';
import { RunFields } from './run-fields';
import { VariantEditor } from './variant-editor';
import { DecisionPlan, type PowerHistory } from './decision-plan';
import { SandboxChoice } from './sandbox-choice';
import { CustomCheckField } from './custom-check-field';
import { InputRootsField } from './input-roots-field';
import { useExperimentDraft } from './use-experiment-draft';
import { useStartExperiment } from './use-start-experiment';
import { FailureBox } from '@/app/components/failure-box';

export function NewExperimentForm({
  options,
  initial,
  histories = {},
}: {
  options: ExperimentFormOptions;
  initial: ExperimentDraft;
  histories?: Record<string, PowerHistory>;
}) {
  const { draft, agent, update, updateVariant, chooseAgent, chooseInputs, addVariant, removeVariant } =
    useExperimentDraft(options, initial);
  const { submit, submitting, failure, fieldErrors } = useStartExperiment(draft, options);
  const endpoint = options.endpoints.find((candidate) => candidate.name === draft.endpoint);
  const dataset = options.datasets.find((candidate) => `dataset:${candidate.id}` === draft.inputSource);
  const bundled = draft.inputSource === BUNDLED_SOURCE ? (agent?.bundledDataset ?? null) : null;

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
            endpoints={options.endpoints}
            experimentEndpoint={endpoint}
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
        simulated={(!endpoint || endpoint.builtIn) && draft.variants.every((variant) => !variant.server)}
        history={histories[draft.agent] ?? null}
        inputCount={(dataset ?? bundled)?.caseCount ?? agent?.inputCount ?? null}
      />

      <SandboxChoice options={options} agent={agent} draft={draft} update={update} />
      <CustomCheckField draft={draft} update={update} />
      <InputRootsField draft={draft} update={update} />

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
