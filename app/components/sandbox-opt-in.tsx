'use client';
// The warning and the "Run without a sandbox" checkbox, where the server has no sandbox and the
// agent runs model-written code: on the new-experiment form, and on replay and rerun, which ask again.
import type { SandboxNotice } from '@/lib/panel/experiments/form-choices';

export function SandboxOptIn({
  notice,
  checked,
  onChange,
}: {
  notice: SandboxNotice | null;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  if (!notice) return null;
  return (
    <>
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
              checked={checked}
              onChange={(event) => onChange(event.target.checked)}
              data-testid="unsafe-no-sandbox"
            />{' '}
            Run without a sandbox
          </label>
          <div className="field-hint">
            the same as the command line&apos;s --unsafe-no-sandbox; recorded with the experiment
          </div>
        </div>
      ) : null}
    </>
  );
}
