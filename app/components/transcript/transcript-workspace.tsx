// What a conversation left behind: the files its tools changed, the workspace diff coloured by
// line (still plain text), and the knowledge its tools accumulated.
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

export function KnowledgeCard({ knowledge }: { knowledge: Record<string, unknown> }) {
  const keys = Object.keys(knowledge);
  return (
    <section className="card" data-testid="knowledge">
      <h2>Knowledge accumulated</h2>
      {keys.length === 0 ? <p className="muted">The tools reported no knowledge.</p> : <pre>{prettyJson(knowledge)}</pre>}
    </section>
  );
}
