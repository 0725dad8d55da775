'use client';
// Putting the accepted changes back: into the working tree or onto a new branch, then the
// repository's own test command (run on a sandboxed copy), whose last result is stored with the
// campaign and shown here.
import { useState } from 'react';
import { callApi, type ApiFailure } from '@/app/components/api-client';
import { FailureBox } from '@/app/components/failure-box';
import type { CampaignOverview } from '@/lib/panel/campaigns/campaigns';
import { formatTime } from '@/lib/panel/format';

type StoredTestRun = {
  command: string;
  where: string;
  passed: boolean;
  exitCode: number | null;
  output: string;
  at: number;
  timedOut?: boolean;
};
type Applied = { mode: string; branch?: string; files: string[] };

function testVerdict(run: StoredTestRun): string {
  if (run.passed) return 'Tests passed';
  return run.timedOut ? 'Tests timed out' : 'Tests failed';
}

export function ApplyCard({ overview, onChanged }: { overview: CampaignOverview; onChanged: () => Promise<void> }) {
  const applied = overview.applied as Applied | null;
  const testRun = overview.testRun as StoredTestRun | null;
  const [target, setTarget] = useState<'working-tree' | 'branch'>('working-tree');
  const [branch, setBranch] = useState(`remora-campaign-${overview.id.slice(0, 8)}`);
  const [command, setCommand] = useState(testRun?.command ?? 'python3 -m pytest -q');
  const [testBranch, setTestBranch] = useState(applied?.branch ?? '');
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState<'apply' | 'test' | null>(null);
  const base = `/api/campaigns/${encodeURIComponent(overview.id)}`;

  const apply = async () => {
    setBusy('apply');
    setFailure(null);
    const answer = await callApi<Applied>(`${base}/apply`, { body: target === 'branch' ? { branch } : {} });
    if (!answer.ok) setFailure(answer);
    else if (answer.body.branch) setTestBranch(answer.body.branch);
    await onChanged();
    setBusy(null);
  };

  const test = async () => {
    setBusy('test');
    setFailure(null);
    const answer = await callApi<StoredTestRun>(`${base}/tests`, {
      body: testBranch ? { command, branch: testBranch } : { command },
    });
    if (!answer.ok) setFailure(answer);
    await onChanged();
    setBusy(null);
  };

  return (
    <section className="card" data-testid="apply-card">
      <div className="card-head">
        <h2>Apply and test</h2>
      </div>
      {applied ? (
        <p data-testid="applied">
          Applied to{' '}
          {applied.branch ? (
            <>
              branch <code>{applied.branch}</code> (one commit per file)
            </>
          ) : (
            'the working tree'
          )}
          : {applied.files.join(', ')}
        </p>
      ) : (
        <p className="muted">
          Only accepted changes are written, and nothing at all if a file changed since the campaign read it.
        </p>
      )}
      <div className="filters">
        <label>
          <input
            type="radio"
            name="apply-target"
            checked={target === 'working-tree'}
            onChange={() => setTarget('working-tree')}
            data-testid="apply-working-tree"
          />{' '}
          working tree
        </label>
        <label>
          <input
            type="radio"
            name="apply-target"
            checked={target === 'branch'}
            onChange={() => setTarget('branch')}
            data-testid="apply-branch"
          />{' '}
          new branch{' '}
          <input
            value={branch}
            onChange={(event) => setBranch(event.target.value)}
            disabled={target !== 'branch'}
            data-testid="apply-branch-name"
          />
        </label>
        <button
          type="button"
          className="button"
          disabled={busy !== null || overview.changes.accepted === 0}
          onClick={() => void apply()}
          data-testid="apply-changes"
        >
          {busy === 'apply' ? 'Applying…' : `Apply ${overview.changes.accepted} accepted`}
        </button>
      </div>
      <div className="filters">
        <label>
          Test command{' '}
          <input
            value={command}
            onChange={(event) => setCommand(event.target.value)}
            size={40}
            data-testid="test-command"
          />
        </label>
        <label>
          on branch{' '}
          <input
            value={testBranch}
            onChange={(event) => setTestBranch(event.target.value)}
            placeholder="empty: the working tree"
            data-testid="test-branch"
          />
        </label>
        <button
          type="button"
          className="button secondary"
          disabled={busy !== null || command.trim() === ''}
          onClick={() => void test()}
          data-testid="run-tests"
        >
          {busy === 'test' ? 'Running the tests…' : 'Run tests'}
        </button>
      </div>
      <p className="muted">
        The command runs from the repository root on a copy of it, in the sandbox (no network); the repository is not
        touched.
      </p>
      {failure ? <FailureBox failure={failure} testId="apply-error" /> : null}
      {testRun ? (
        <div data-testid="test-run" data-passed={String(testRun.passed)}>
          <p>
            <strong>{testVerdict(testRun)}</strong>: <code>{testRun.command}</code> on the {testRun.where}
            {testRun.exitCode === null ? '' : `, exit code ${testRun.exitCode}`}, {formatTime(testRun.at)}
          </p>
          <pre className="output">{testRun.output}</pre>
        </div>
      ) : null}
    </section>
  );
}
