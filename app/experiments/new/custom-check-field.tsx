'use client';
// An optional task-success script of the experiment's own (Python), judged beside the agent's check
// and run confined like it: the API's customCheck.
import type { ExperimentDraft } from '@/lib/panel/experiments/form-drafts';

export function CustomCheckField({
  draft,
  update,
}: {
  draft: ExperimentDraft;
  update(change: Partial<ExperimentDraft>): void;
}) {
  return (
    <section className="card" data-testid="custom-check-field">
      <details open={Boolean(draft.customCheckSource)}>
        <summary>Custom check (optional): a task-success script of this experiment&apos;s own</summary>
        <p className="muted">
          Python, run confined after each conversation beside the agent&apos;s check. It reads{' '}
          <code>{'{arguments: {outcome, result, final_text, calls}, context}'}</code> as JSON on stdin and prints{' '}
          <code>{'{"outcome": "success", "result": {"success": true, "reason": "..."}}'}</code>.
        </p>
        <label htmlFor="custom-check-name">Name</label>
        <input
          id="custom-check-name"
          value={draft.customCheckName ?? ''}
          placeholder="custom"
          maxLength={60}
          onChange={(event) => update({ customCheckName: event.target.value })}
          data-testid="custom-check-name"
        />
        <label htmlFor="custom-check-source">Script</label>
        <textarea
          id="custom-check-source"
          rows={8}
          spellCheck={false}
          value={draft.customCheckSource ?? ''}
          onChange={(event) => update({ customCheckSource: event.target.value })}
          data-testid="custom-check-source"
        />
      </details>
    </section>
  );
}
