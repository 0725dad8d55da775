'use client';
// How this server confines the tools, and where it cannot, the warning and the explicit opt-in the
// server requires before it runs model-written code unconfined (SECURITY.md).
import type { ExperimentDraft, ExperimentFormOptions, FormAgent } from '@/lib/panel/experiments/form-drafts';
import { sandboxNotice } from '@/lib/panel/experiments/form-choices';

export function SandboxChoice({
  options,
  agent,
  draft,
  update,
}: {
  options: ExperimentFormOptions;
  agent: FormAgent | undefined;
  draft: ExperimentDraft;
  update(change: Partial<ExperimentDraft>): void;
}) {
  const notice = sandboxNotice(options, agent);
  return (
    <section className="card" data-testid="sandbox-choice">
      <h2>Sandbox</h2>
      <p className={notice.warning ? 'bad-text' : 'muted'} data-testid="sandbox-status">
        {notice.status}
      </p>
      {notice.warning ? (
        <div className="error-box" role="alert" data-testid="sandbox-warning">
          {notice.warning}
        </div>
      ) : null}
      {notice.needsOptIn ? (
        <div className="checkbox-field">
          <label>
            <input
              type="checkbox"
              checked={draft.unsafeNoSandbox === true}
              onChange={(event) => update({ unsafeNoSandbox: event.target.checked })}
              data-testid="unsafe-no-sandbox"
            />{' '}
            Run without a sandbox
          </label>
          <div className="field-hint">
            the same as the command line&apos;s --unsafe-no-sandbox; recorded with the experiment
          </div>
        </div>
      ) : null}
    </section>
  );
}
