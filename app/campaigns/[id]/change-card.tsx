'use client';
// One change: its node, status and checks, the transcript that made it, its diff (unified or side by
// side), and Accept / Reject / Edit. Edit loads the file as this change leaves it; the person's text
// replaces the change (it must still parse) and can then be accepted.
import Link from 'next/link';
import { useState } from 'react';
import { callApi, type ApiFailure } from '@/app/components/api-client';
import { FailureBox } from '@/app/components/failure-box';
import { StatusBadge } from '@/app/components/status-badge';
import type { ChangeView } from '@/lib/panel/campaigns/campaigns';
import { DiffView } from './diff-view';
import styles from './campaign.module.css';

type Check = {
  passed?: boolean;
  message?: string;
  before?: number;
  after?: number;
  unsafeNotApplied?: number;
  written?: number;
  passedTests?: number;
  failed?: number;
  error?: string;
  files?: { path: string; problem: string | null }[];
};

function describeCheck(name: string, check: Check): string {
  if (name === 'lint') {
    const unsafe = check.unsafeNotApplied
      ? `; ${check.unsafeNotApplied} left whose only fix is unsafe (not applied)`
      : '';
    return `ruff issues ${check.before} → ${check.after}${unsafe}`;
  }
  if (name === 'tests')
    return check.error ?? `${check.written} tests written, ${check.passedTests} passed, ${check.failed} failed`;
  if (name === 'parse')
    return check.passed
      ? 'parses (tree-sitter, py_compile)'
      : (check.files ?? [])
          .filter((file) => file.problem)
          .map((file) => `${file.path}: ${file.problem}`)
          .join('; ');
  return check.message ?? '';
}

export function ChangeCard(props: {
  campaignId: string;
  change: ChangeView;
  index: number;
  selected: boolean;
  onSelect(): void;
  onDecide(body: Record<string, unknown>): Promise<void>;
  onEdited(): Promise<void>;
}) {
  const { change } = props;
  const [mode, setMode] = useState<'unified' | 'split'>('unified');
  const [editing, setEditing] = useState<{ path: string; text: string } | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const url = `/api/campaigns/${encodeURIComponent(props.campaignId)}/changes/${encodeURIComponent(change.id)}`;

  const startEdit = async () => {
    setFailure(null);
    const answer = await callApi<{ path: string; text: string }>(url, { cache: 'no-store' });
    if (answer.ok) setEditing(answer.body);
    else setFailure(answer);
  };
  const saveEdit = async () => {
    if (!editing) return;
    const answer = await callApi<ChangeView>(url, { method: 'PUT', body: { text: editing.text } });
    if (!answer.ok) {
      setFailure(answer);
      return;
    }
    setEditing(null);
    setFailure(null);
    await props.onEdited();
  };

  const checks = Object.entries(change.checks as Record<string, Check>);
  return (
    <section
      className={`card ${styles.change} ${props.selected ? styles.selected : ''}`}
      data-testid="change"
      data-change-id={change.id}
      data-change-index={props.index}
      data-status={change.status}
      data-selected={props.selected}
      // The selection, as assistive technology reads it: j/k move it, a/r act on it.
      aria-current={props.selected ? 'true' : undefined}
      aria-label={`change to ${change.nodeName} in ${change.path}`}
      onClick={props.onSelect}
    >
      <div className="card-head">
        <h4 className={styles.node}>
          <code data-testid="change-node">{change.nodeName}</code>{' '}
          <StatusBadge status={change.status} testId="change-status" />
          {change.edited ? <span className="badge">edited</span> : null}
          {change.checksPassed === false ? <span className="badge failed">checks failed</span> : null}
          {(change.checks as Record<string, Check>).preserved?.passed === false ? (
            <span className="badge failed" data-testid="change-destructive">
              destructive
            </span>
          ) : null}
        </h4>
        <div className={styles.actions}>
          <button
            type="button"
            className="button"
            onClick={() => void props.onDecide({ action: 'accept', ids: [change.id] })}
            data-testid="accept-change"
          >
            Accept
          </button>
          <button
            type="button"
            className="button secondary"
            onClick={() => void props.onDecide({ action: 'reject', ids: [change.id] })}
            data-testid="reject-change"
          >
            Reject
          </button>
          <button type="button" className="button secondary" onClick={() => void startEdit()} data-testid="edit-change">
            Edit
          </button>
        </div>
      </div>
      {change.summary ? <p className="muted">{change.summary}</p> : null}
      <ul className={styles.checks} data-testid="change-checks">
        {checks.map(([name, check]) => (
          <li key={name} data-check={name} data-passed={String(check.passed)}>
            <span className={check.passed ? styles.pass : styles.fail}>{check.passed ? '✓' : '✗'}</span> {name}:{' '}
            {describeCheck(name, check)}
          </li>
        ))}
      </ul>
      <div className={styles.toolbar}>
        {change.conversationId ? (
          <Link href={`/conversations/${change.conversationId}`} data-testid="change-transcript">
            Transcript
          </Link>
        ) : null}
        <button
          type="button"
          className={`secondary ${styles.toggle}`}
          aria-pressed={mode === 'unified'}
          onClick={() => setMode('unified')}
          data-testid="diff-unified"
        >
          Unified
        </button>
        <button
          type="button"
          className={`secondary ${styles.toggle}`}
          aria-pressed={mode === 'split'}
          onClick={() => setMode('split')}
          data-testid="diff-split"
        >
          Side by side
        </button>
      </div>
      {failure ? <FailureBox failure={failure} testId="change-error" /> : null}
      {editing ? (
        <div className={styles.editor}>
          <label htmlFor={`edit-${change.id}`}>{editing.path} as this change leaves it</label>
          <textarea
            id={`edit-${change.id}`}
            value={editing.text}
            onChange={(event) => setEditing({ ...editing, text: event.target.value })}
            rows={16}
            spellCheck={false}
            data-testid="edit-text"
          />
          <div className="form-actions">
            <button type="button" className="button" onClick={() => void saveEdit()} data-testid="save-edit">
              Save edit
            </button>
            <button type="button" className="button secondary" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <DiffView diff={change.diff} mode={mode} />
      )}
    </section>
  );
}
