'use client';
// The prompt editor: pick a variant, edit its system prompt and node_context template (checked as
// you type), save a version, see its history and diffs, and preview the prompt the model gets.
import Link from 'next/link';
import { describeParent } from '@/lib/panel/agents/lineage';
import type { AgentInputSummary } from '@/lib/panel/agents/detail';
import type { DraftValidation } from '@/lib/panel/agents/editing';
import type { PromptVariantsView, VariantSummaryView } from '@/lib/panel/agents/variants';
import { agentApi } from '@/app/components/api-client';
import { FailureBox } from '@/app/components/failure-box';
import { PromptPreview } from './prompt-preview';
import { useDebouncedPost } from '../../_components/use-debounced-call';
import { ValidationPanel } from './validation-panel';
import { VersionHistory } from './version-history';
import { usePromptEditing } from './use-prompt-editing';

type Props = { agentName: string; initial: PromptVariantsView; inputs: AgentInputSummary[]; inputCount: number | null };

function variantLabel(summary: VariantSummaryView): string {
  const versions = summary.versionCount === 0 ? 'as imported' : `v${summary.versionCount}`;
  const origin = describeParent(summary.name, summary.origin);
  return summary.isDefault
    ? `default: the agent’s own prompt (${versions})`
    : `${summary.name} (${versions}${origin ? `, ${origin}` : ''})`;
}

/** The name to save the text under (a new name starts a new variant), a note, and the button. */
function SaveBar({
  saveName,
  setSaveName,
  note,
  setNote,
  disabled,
  saving,
  onSave,
}: {
  saveName: string;
  setSaveName(name: string): void;
  note: string;
  setNote(note: string): void;
  disabled: boolean;
  saving: boolean;
  onSave(): void;
}) {
  return (
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
          {saveName.trim() === 'default' ? 'default changes the agent’s own prompt' : 'a new name starts a new variant'}
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
      <button type="button" onClick={onSave} disabled={disabled} data-testid="save-variant">
        {saving ? 'Saving…' : 'Save version'}
      </button>
    </div>
  );
}

export function PromptWorkbench({ agentName, initial, inputs, inputCount }: Props) {
  const editing = usePromptEditing(agentName, initial);
  const { view, selected, selectedSummary, draft, setDraft, dirty, message, failure, revision, saveBar } = editing;
  const { choose, save, loadVersion, forked } = editing.actions;
  const validation = useDebouncedPost<DraftValidation>(agentApi(agentName, '/validate'), draft, 350);
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
        <SaveBar {...saveBar} disabled={saveBar.saving || blocked || saveBar.saveName.trim() === ''} onSave={save} />
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
