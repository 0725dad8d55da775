// A change's diff, unified (coloured by line) or side by side (old left, new right). Plain text
// only: the diff is model output and is never rendered as HTML.
import { parseUnifiedDiff } from '@/lib/panel/conversations/diff';
import { sideBySide, type SideCell } from '@/lib/panel/campaigns/side-by-side';
import styles from './campaign.module.css';

function Cell({ cell }: { cell: SideCell }) {
  if (!cell) return <td className={styles.emptyCell} colSpan={2} />;
  return (
    <>
      <td className={styles.lineNumber}>{cell.line}</td>
      <td className={styles.code} data-kind={cell.kind}>
        {cell.text === '' ? ' ' : cell.text}
      </td>
    </>
  );
}

export function DiffView({ diff, mode }: { diff: string; mode: 'unified' | 'split' }) {
  if (mode === 'unified') {
    return (
      // A long line scrolls the diff sideways: focusable, so that a keyboard can scroll it too.
      <pre className={styles.unified} data-testid="change-diff" tabIndex={0} aria-label="the change's diff">
        {parseUnifiedDiff(diff).map((line, index) => (
          <span key={index} data-kind={line.kind}>
            {line.text === '' ? ' ' : line.text}
            {'\n'}
          </span>
        ))}
      </pre>
    );
  }
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="the change's diff, side by side">
      <table className={styles.split} data-testid="change-diff-split">
        <tbody>
          {sideBySide(diff).map((row, index) =>
            row.kind === 'lines' ? (
              <tr key={index}>
                <Cell cell={row.left} />
                <Cell cell={row.right} />
              </tr>
            ) : (
              <tr key={index} data-kind={row.kind}>
                <td colSpan={4} className={styles.rowNote}>
                  {row.text}
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}
