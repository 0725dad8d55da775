'use client';
// The new-experiment form's draft and each change to it: the agent (its prompt and tools reset the
// variants), the inputs (a dataset's size becomes the number per variant), adding and removing variants.
import { useState } from 'react';
import {
  AGENT_SOURCE,
  newVariant,
  nextVariantName,
  type ExperimentDraft,
  type ExperimentFormOptions,
  type VariantDraft,
} from '@/lib/panel/experiments/form-drafts';
import { BUNDLED_SOURCE, inputsStillApply } from '@/lib/panel/experiments/form-choices';

export function useExperimentDraft(options: ExperimentFormOptions, initial: ExperimentDraft) {
  const [draft, setDraft] = useState<ExperimentDraft>(initial);
  const [nextKey, setNextKey] = useState(initial.variants.length + 1);
  const agent = options.agents.find((candidate) => candidate.name === draft.agent) ?? options.agents[0];

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

  return { draft, agent, update, updateVariant, chooseAgent, chooseInputs, addVariant, removeVariant };
}
