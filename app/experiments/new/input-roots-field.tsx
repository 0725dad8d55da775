'use client';
// Folders besides the agent's own whose files the inputs may name (the API's inputRoots): a dataset
// or inputs that point at code elsewhere in the project. What is never read stays refused whatever
// is named here.
import type { ExperimentDraft } from '@/lib/panel/experiments/form-drafts';

export function InputRootsField({
  draft,
  update,
}: {
  draft: ExperimentDraft;
  update(change: Partial<ExperimentDraft>): void;
}) {
  return (
    <section className="card" data-testid="input-roots-field">
      <details open={Boolean(draft.inputRoots?.trim())}>
        <summary>Input files from other folders (optional)</summary>
        <p className="muted">
          The inputs may name files in the agent&apos;s folder only, unless you name more folders here, one a line,
          relative to the project. Dot files, <code>node_modules</code>, <code>data/</code> and the database are refused
          whatever you name.
        </p>
        <label htmlFor="input-roots">Folders</label>
        <textarea
          id="input-roots"
          rows={3}
          spellCheck={false}
          value={draft.inputRoots ?? ''}
          placeholder="tests/fixtures"
          onChange={(event) => update({ inputRoots: event.target.value })}
          data-testid="input-roots"
        />
      </details>
    </section>
  );
}
