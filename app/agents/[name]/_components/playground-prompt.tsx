'use client';
// Where a playground side's prompt comes from: the editor's current text (the default: the prompt
// being worked on), any saved version of any variant, the replayed conversation's own prompt, or
// text typed here; and "Save this prompt as a variant".
import { useState } from 'react';
import { agentApi, callApi } from '@/app/components/api-client';
import type { PromptDraft } from '@/lib/panel/agents/requests';
import type { SavedVariant } from '@/lib/panel/agents/variants';
import { useSharedDraft } from './shared-draft';

export type PromptVersion = { id: string; name: string; version: number; systemPrompt: string; nodeContext: string };

/** `editor`, `agent`, `replay`, `custom`, or `version:<id>`. */
export type PromptSource = { source: string; custom: PromptDraft };

export function resolvePrompt(
  choice: PromptSource,
  editor: PromptDraft | null,
  own: PromptDraft,
  versions: PromptVersion[],
  replayPrompt: string | null,
): PromptDraft {
  if (choice.source === 'editor') return editor ?? own;
  if (choice.source === 'agent') return own;
  if (choice.source === 'replay') return { systemPrompt: replayPrompt ?? '', nodeContext: own.nodeContext };
  if (choice.source.startsWith('version:')) {
    const version = versions.find((candidate) => `version:${candidate.id}` === choice.source);
    if (version) return { systemPrompt: version.systemPrompt, nodeContext: version.nodeContext };
  }
  return choice.custom;
}

export function PromptSourcePicker({
  side,
  label,
  choice,
  onChoice,
  own,
  versions,
  replayPrompt,
}: {
  side: number;
  label: string;
  choice: PromptSource;
  onChoice(choice: PromptSource): void;
  own: PromptDraft;
  versions: PromptVersion[];
  replayPrompt: string | null;
}) {
  const { draft } = useSharedDraft();
  const prompt = resolvePrompt(choice, draft, own, versions, replayPrompt);
  const variantNames = [...new Set(versions.map((version) => version.name))];
  return (
    <div>
      <label htmlFor={`pg-source-${side}`}>{label}: from</label>
      <select
        id={`pg-source-${side}`}
        value={choice.source}
        onChange={(event) => onChoice({ source: event.target.value, custom: prompt })}
        data-testid={`pg-source-${side}`}
      >
        <option value="editor">the editor’s current text</option>
        <option value="agent">the agent’s own prompt</option>
        {replayPrompt !== null ? <option value="replay">the replayed conversation’s prompt</option> : null}
        {variantNames.map((name) => (
          <optgroup key={name} label={`variant ${name}`}>
            {versions
              .filter((version) => version.name === name)
              .map((version) => (
                <option key={version.id} value={`version:${version.id}`}>
                  {`${version.name} v${version.version}`}
                </option>
              ))}
          </optgroup>
        ))}
        {choice.source === 'custom' ? <option value="custom">edited here</option> : null}
      </select>
      <textarea
        id={`pg-prompt-${side}`}
        aria-label={`${label}: system prompt`}
        rows={6}
        style={{ width: '100%', marginTop: 6 }}
        value={prompt.systemPrompt}
        onChange={(event) => onChoice({ source: 'custom', custom: { ...prompt, systemPrompt: event.target.value } })}
        data-testid={`pg-prompt-${side}`}
      />
    </div>
  );
}

/** Saves a playground side's prompt as a new version of a variant (a new name starts a new variant). */
export function SaveAsVariant({
  agentName,
  prompt,
  onSaved,
}: {
  agentName: string;
  prompt: PromptDraft;
  onSaved(version: PromptVersion): void;
}) {
  const { variantsChanged } = useSharedDraft();
  const [name, setName] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  async function save() {
    setMessage(null);
    setProblem(null);
    const answer = await callApi<SavedVariant>(agentApi(agentName, '/variants'), {
      body: { name: name.trim(), ...prompt },
    });
    if (!answer.ok) return setProblem([answer.message, ...answer.reasons].join(' · '));
    const { version, unchanged } = answer.body;
    onSaved(version);
    variantsChanged();
    setMessage(
      unchanged
        ? `Nothing changed since ${version.name} v${version.version}.`
        : `Saved as ${version.name} v${version.version}.`,
    );
  }
  return (
    <div className="save-bar" data-testid="pg-save-variant">
      <div>
        <label htmlFor="pg-variant-name">Save this prompt as a variant</label>
        <input
          id="pg-variant-name"
          value={name}
          placeholder="variant name"
          onChange={(event) => setName(event.target.value)}
          data-testid="pg-variant-name"
        />
      </div>
      <button
        type="button"
        className="secondary"
        onClick={save}
        disabled={name.trim() === ''}
        data-testid="pg-save-as-variant"
      >
        Save as variant
      </button>
      {message ? (
        <span role="status" data-testid="pg-variant-saved">
          {message}
        </span>
      ) : null}
      {problem ? <div className="error-box">{problem}</div> : null}
    </div>
  );
}
