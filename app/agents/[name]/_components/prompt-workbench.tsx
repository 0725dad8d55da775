'use client';
// The prompt editor: pick a variant, edit its system prompt and node_context template (checked as
// you type), save a version, see its history and diffs, and preview the prompt the model gets.
import Link from 'next/link';
import { describeParent } from '@/lib/panel/agents/lineage';
import { useEffect, useState } from 'react';
import type { AgentInputSummary } from '@/lib/panel/agents/detail';
import type { DraftValidation } from '@/lib/panel/agents/editing';
import type { PromptDraft } from '@/lib/panel/agents/requests';
import type {
  PromptVariantsView,
  SavedVariant,
  VariantSummaryView,
  VariantVersionView,
} from '@/lib/panel/agents/variants';
import { agentApi, callApi, type ApiFailure } from '@/app/components/api-client';
import { FailureBox } from '@/app/components/failure-box';
import { PromptPreview } from './prompt-preview';
import { useDebouncedPost } from '../../_components/use-debounced-call';
import { ValidationPanel } from './validation-panel';
import { VersionHistory } from './version-history';
import { useSharedDraft } from './shared-draft';

type Props = { agentName: string; initial: PromptVariantsView; inputs: AgentInputSummary[]; inputCount: number | null };

function promptOf(summary: VariantSummaryView | undefined, definition: PromptDraft): PromptDraft {
  return summary?.latest
    ? { systemPrompt: summary.latest.systemPrompt, nodeContext: summary.latest.nodeContext }
    : definition;
}

function variantLabel(summary: VariantSummaryView): string {
  const versions = summary.versionCount === 0 ? 'as imported' : `v${summary.versionCount}`;
  const origin = describeParent(summary.name, summary.origin);
  return summary.isDefault
    ? `default: the agent’s own prompt (${versions})`
    : `${summary.name} (${versions}${origin ? `, ${origin}` : ''})`;
}

export function PromptWorkbench({ agentName, initial, inputs, inputCount }: Props) {
  const [view, setView] = useState(initial);
  const [selected, setSelected] = useState('default');
  const selectedSummary = view.variants.find((variant) => variant.name === selected);
  const [loaded, setLoaded] = useState<PromptDraft>(promptOf(selectedSummary, initial.definition));
  const [draft, setDraft] = useState<PromptDraft>(loaded);
  const [saveName, setSaveName] = useState('default');
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [revision, setRevision] = useState(0);
  const validation = useDebouncedPost<DraftValidation>(agentApi(agentName, '/validate'), draft, 350);
  const dirty = draft.systemPrompt !== loaded.systemPrompt || draft.nodeContext !== loaded.nodeContext;
  const shared = useSharedDraft();
  const publish = shared.setDraft;
  useEffect(() => publish(draft), [draft, publish]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const refresh = async (): Promise<PromptVariantsView | null> => {
    const answer = await callApi<PromptVariantsView>(agentApi(agentName, '/variants'));
    if (!answer.ok) {
      setFailure(answer);
      return null;
    }
    setView(answer.body);
    return answer.body;
  };

  // The playground saved a variant: list the variants again (the editor's text stays as it is).
  const { variantsRevision } = shared;
  useEffect(() => {
    if (variantsRevision > 0) void refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the playground says so
  }, [variantsRevision]);

  const open = (name: string, variants: PromptVariantsView) => {
    const prompt = promptOf(
      variants.variants.find((variant) => variant.name === name),
      variants.definition,
    );
    setSelected(name);
    setSaveName(name);
    setLoaded(prompt);
    setDraft(prompt);
    setFailure(null);
  };

  const choose = (name: string) => {
    if (dirty && !window.confirm('Discard the unsaved changes to this prompt?')) return;
    open(name, view);
    setMessage(null);
  };

  const save = async () => {
    setSaving(true);
    setFailure(null);
    setMessage(null);
    const answer = await callApi<SavedVariant>(agentApi(agentName, '/variants'), {
      body: { name: saveName, ...draft, ...(note.trim() ? { note: note.trim() } : {}) },
    });
    setSaving(false);
    if (!answer.ok) {
      setFailure(answer);
      return;
    }
    const { version, unchanged } = answer.body;
    const variants = await refresh();
    if (variants) open(version.name, variants);
    setNote('');
    setRevision((value) => value + 1);
    setMessage(
      unchanged
        ? `Nothing changed since ${version.name} v${version.version}; no version was added.`
        : `Saved ${version.name} v${version.version}.` +
            (version.name === 'default' ? ' The agent’s own prompt is now this one.' : ''),
    );
  };

  const loadVersion = (version: VariantVersionView) => {
    setDraft({ systemPrompt: version.systemPrompt, nodeContext: version.nodeContext });
    setMessage(`Loaded ${version.name} v${version.version} into the editor; save it to make it the newest version.`);
  };

  const forked = async (version: VariantVersionView) => {
    const variants = await refresh();
    if (variants) open(version.name, variants);
    setRevision((value) => value + 1);
    setMessage(`Forked into ${version.name} v${version.version}.`);
  };

  const blocked = (validation.data?.introduced.length ?? 0) > 0;
  const savedVariant = selectedSummary && (selectedSummary.isDefault || selectedSummary.latest);
  const experimentHref = `/experiments/new?${new URLSearchParams({ agent: agentName, variant: selected })}`;

  return (
    <>
      <section className="card" data-testid="prompt-editor">
        <div className="card-head">
          <h2>Prompt</h2>
          <span className="muted">saved in the database as named variants; every saved version is kept</span>
        </div>
        <div className="editor-bar">
          <div>
            <label htmlFor="variant-select">Variant</label>
            <select
              id="variant-select"
              value={selected}
              onChange={(event) => choose(event.target.value)}
              data-testid="variant-select"
            >
              {view.variants.map((variant) => (
                <option key={variant.name} value={variant.name}>
                  {variantLabel(variant)}
                </option>
              ))}
            </select>
          </div>
          <div className="editor-state" data-testid="editor-state">
            {dirty ? <span className="chip warn">unsaved changes</span> : <span className="chip">saved</span>}
          </div>
        </div>
        <label htmlFor="system-prompt">System prompt</label>
        <textarea
          id="system-prompt"
          rows={12}
          value={draft.systemPrompt}
          onChange={(event) => setDraft({ ...draft, systemPrompt: event.target.value })}
          spellCheck={false}
          data-testid="system-prompt"
        />
        <label htmlFor="node-context" className="spaced">
          Node context template
        </label>
        <textarea
          id="node-context"
          rows={4}
          value={draft.nodeContext}
          onChange={(event) => setDraft({ ...draft, nodeContext: event.target.value })}
          spellCheck={false}
          data-testid="node-context"
        />
        <div className="field-hint">
          The first user message, filled from each input: <code>{'{{ node_text }}'}</code>{' '}
          <code>{'{{ file_path }}'}</code> <code>{'{{ node_name }}'}</code> <code>{'{{ node_type }}'}</code>
        </div>
        <ValidationPanel state={validation} />
        <div className="save-bar">
          <div>
            <label htmlFor="save-name">Save as variant</label>
            <input
              id="save-name"
              value={saveName}
              onChange={(event) => setSaveName(event.target.value)}
              data-testid="save-name"
            />
            <div className="field-hint">
              {saveName.trim() === 'default'
                ? 'default changes the agent’s own prompt'
                : 'a new name starts a new variant'}
            </div>
          </div>
          <div className="grow">
            <label htmlFor="save-note">Note (optional)</label>
            <input
              id="save-note"
              value={note}
              placeholder="what changed and why"
              onChange={(event) => setNote(event.target.value)}
              data-testid="save-note"
            />
          </div>
          <button
            type="button"
            onClick={save}
            disabled={saving || blocked || saveName.trim() === ''}
            data-testid="save-variant"
          >
            {saving ? 'Saving…' : 'Save version'}
          </button>
        </div>
        {message ? (
          <p className="save-message" role="status" data-testid="save-message">
            {message}
          </p>
        ) : null}
        {failure ? <FailureBox failure={failure} testId="save-error" /> : null}
        <div className="experiment-link">
          {savedVariant && !dirty ? (
            <Link href={experimentHref} data-testid="use-in-experiment">
              Use {selected} in a new experiment →
            </Link>
          ) : (
            <span className="muted" data-testid="use-in-experiment-disabled">
              Save the prompt to use it in a new experiment.
            </span>
          )}
        </div>
      </section>

      <section className="card" data-testid="history">
        <div className="card-head">
          <h2>History of “{selected}”</h2>
          <span className="muted">load a version into the editor, fork it into a new variant, or compare any two</span>
        </div>
        <VersionHistory
          key={selected}
          agentName={agentName}
          variantName={selected}
          revision={revision}
          onLoad={loadVersion}
          onForked={forked}
        />
      </section>

      <section className="card" data-testid="preview">
        <div className="card-head">
          <h2>Preview</h2>
          <span className="muted">
            the first prompt the model receives, in FunctionGemma’s native format, for the text in the editor
          </span>
        </div>
        <PromptPreview agentName={agentName} draft={draft} inputs={inputs} inputCount={inputCount} />
      </section>
    </>
  );
}
