'use client';
// How this server confines the tools, and where it cannot, the warning and the explicit opt-in the
// server requires before it runs model-written code unconfined (SECURITY.md).
import { SandboxOptIn } from '@/app/components/sandbox-opt-in';
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
      <SandboxOptIn
        notice={notice}
        checked={draft.unsafeNoSandbox === true}
        onChange={(checked) => update({ unsafeNoSandbox: checked })}
      />
    </section>
  );
}
