// The verdict of the experiment's own task-success check (config.customCheck), shown as the agent's
// task check is: a fact in the header and a card with its reason and details.
import type { TaskCheck } from '@/lib/task-success/types';
import { prettyJson } from '@/lib/panel/format';

export function CustomCheckFact({ check }: { check: TaskCheck | null }) {
  if (!check) return null;
  return (
    <div>
      <dt>Custom check</dt>
      <dd data-testid="custom-check-success" title={check.reason}>
        {check.success ? 'yes' : 'no'}
      </dd>
    </div>
  );
}

export function CustomCheckCard({ check }: { check: TaskCheck | null }) {
  if (!check) return null;
  return (
    <section className="card" data-testid="custom-check">
      <h2>Custom check: {check.success ? 'yes' : 'no'}</h2>
      <p style={{ margin: 0 }}>
        <code>{check.check}</code> (this experiment&apos;s own check): {check.reason}
      </p>
      {check.details ? <pre>{prettyJson(check.details)}</pre> : null}
    </section>
  );
}
