// Knowledge beside a tool result as what that result changed (a path and its new value), and the
// whole state once, folded: a tool that reports its whole state at every call is not shown in full
// after each result.
import type { KnowledgeLeaf } from '@/lib/panel/conversations/knowledge';
import { prettyJson } from '@/lib/panel/format';

const SHOWN = 6;

/** A value in a few characters: an object or list by its size, so that a whole state never lands here. */
function brief(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length} item${value.length === 1 ? '' : 's'}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).length;
    return `{${keys} key${keys === 1 ? '' : 's'}}`;
  }
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

function leafText(leaf: KnowledgeLeaf): string {
  if (leaf.kind === 'added') return `+ ${leaf.path} = ${brief(leaf.after)}`;
  if (leaf.kind === 'removed') return `− ${leaf.path}`;
  return `~ ${leaf.path} = ${brief(leaf.after)} (was ${brief(leaf.before)})`;
}

export function KnowledgeChanges({ leaves, className }: { leaves: KnowledgeLeaf[]; className?: string }) {
  return (
    <div className={className} data-testid="knowledge-delta">
      {leaves.length === 0 ? (
        <span className="muted">knowledge: no change</span>
      ) : (
        <>
          knowledge
          {leaves.slice(0, SHOWN).map((leaf) => (
            <div key={leaf.path} data-testid="knowledge-leaf" data-kind={leaf.kind}>
              <code>{leafText(leaf)}</code>
            </div>
          ))}
          {leaves.length > SHOWN ? <div className="muted">and {leaves.length - SHOWN} more</div> : null}
        </>
      )}
    </div>
  );
}

/** The whole knowledge at the end, once, folded. */
export function KnowledgeAtEnd({ knowledge, testId }: { knowledge: Record<string, unknown> | null; testId: string }) {
  const keys = Object.keys(knowledge ?? {});
  if (keys.length === 0) return null;
  return (
    <details data-testid={testId}>
      <summary>
        Knowledge at the end ({keys.length} key{keys.length === 1 ? '' : 's'})
      </summary>
      <pre>{prettyJson(knowledge)}</pre>
    </details>
  );
}
