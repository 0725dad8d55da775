// What a conversation left behind: the files its tools changed, the workspace diff coloured by
// line (still plain text), and the knowledge its tools accumulated.
import type { KnowledgeStep } from '@/lib/panel/conversations/knowledge';
import { diffStats, type DiffLine } from '@/lib/panel/conversations/diff';
import { prettyJson } from '@/lib/panel/format';
import styles from './transcript.module.css';

export function WorkspaceChanges({ diff, changedFiles }: { diff: DiffLine[] | null; changedFiles: string[] | null }) {
  if (!diff && (!changedFiles || changedFiles.length === 0)) return null;
  const stats = diff ? diffStats(diff) : null;
  return (
    <section className="card" data-testid="workspace">
      <div className="card-head">
        <h2>Workspace changes</h2>
        {stats ? (
          <span className={styles.stats}>
            <span className={styles.plus}>+{stats.added}</span> <span className={styles.minus}>−{stats.removed}</span>
          </span>
        ) : null}
      </div>
      {changedFiles && changedFiles.length > 0 ? (
        <>
          <div className={styles.subhead}>Changed files</div>
          <ul className={styles.fileList} data-testid="changed-files">
            {changedFiles.map((file) => (
              <li key={file}>{file}</li>
            ))}
          </ul>
        </>
      ) : null}
      {diff ? (
        <div className={styles.diff}>
          <pre data-testid="workspace-diff">
            {diff.map((line, index) => (
              <span key={index} className={styles.diffLine} data-kind={line.kind}>
                {line.text === '' ? ' ' : line.text}
                {'\n'}
              </span>
            ))}
          </pre>
        </div>
      ) : (
        <p className="muted">The diff was not stored.</p>
      )}
    </section>
  );
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/** Knowledge as what each tool result added or changed, step by step; the final state folded below. */
export function KnowledgeCard({ knowledge, steps }: { knowledge: Record<string, unknown>; steps: KnowledgeStep[] }) {
  const keys = Object.keys(knowledge);
  return (
    <section className="card" data-testid="knowledge">
      <h2>Knowledge, step by step</h2>
      {steps.length === 0 && keys.length === 0 ? <p className="muted">The tools reported no knowledge.</p> : null}
      {steps.length > 0 ? (
        <ol className="knowledge-steps" data-testid="knowledge-steps">
          {steps.map((step, index) => (
            <li key={index} data-testid="knowledge-step">
              <a href={`#turn-${step.turn}`}>turn {step.turn}</a> · <code>{step.toolName}</code>:{' '}
              {step.changes.length === 0 ? <span className="muted">no change</span> : null}
              {step.changes.map((change) => (
                <div key={change.key} data-testid="knowledge-change" data-kind={change.kind}>
                  {change.kind === 'added' ? '+ ' : '~ '}
                  <code>{change.key}</code> = {short(change.after)}
                  {change.kind === 'changed' ? <span className="muted"> (was {short(change.before)})</span> : null}
                </div>
              ))}
            </li>
          ))}
        </ol>
      ) : null}
      {keys.length > 0 ? (
        <details>
          <summary>
            The whole state at the end ({keys.length} key{keys.length === 1 ? '' : 's'})
          </summary>
          <pre>{prettyJson(knowledge)}</pre>
        </details>
      ) : null}
    </section>
  );
}
