// A prompt diff as text: removed lines in red with "-", added in green with "+", the rest plain;
// inside a replaced line the words that changed are marked (<del>/<ins>, so not by colour alone).
import type { VersionDiff } from '@/lib/panel/agents/variants';
import type { TextDiff } from '@/lib/panel/agents/variants-diff';

function DiffBlock({ title, diff, testId }: { title: string; diff: TextDiff; testId: string }) {
  return (
    <div className="diff-block" data-testid={testId}>
      <div className="diff-title">
        {title}{' '}
        <span className="muted">
          {diff.changed
            ? diff.added + diff.removed > 0
              ? `+${diff.added} −${diff.removed} lines`
              : 'only a final newline differs'
            : 'no change'}
        </span>
      </div>
      {diff.changed && diff.added + diff.removed > 0 ? (
        <pre className="diff">
          {diff.lines.map((line, index) => (
            <span key={index} className={`diff-line ${line.kind}`} data-kind={line.kind}>
              <span className="diff-mark" aria-hidden="true">
                {line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' '}
              </span>
              {line.words
                ? line.words.map((span, spanIndex) =>
                    !span.changed ? (
                      span.text
                    ) : line.kind === 'removed' ? (
                      <del key={spanIndex} className="diff-word" data-testid="diff-word">
                        {span.text}
                      </del>
                    ) : (
                      <ins key={spanIndex} className="diff-word" data-testid="diff-word">
                        {span.text}
                      </ins>
                    ),
                  )
                : line.text}
              {'\n'}
            </span>
          ))}
        </pre>
      ) : null}
    </div>
  );
}

export function DiffView({ diff }: { diff: VersionDiff }) {
  return (
    <div className="diff-view" data-testid="diff-view">
      <p className="diff-heading">
        From <strong data-testid="diff-from">{diff.from.label}</strong> to{' '}
        <strong data-testid="diff-to">{diff.to.label}</strong>
      </p>
      <DiffBlock title="System prompt" diff={diff.systemPrompt} testId="diff-system-prompt" />
      <DiffBlock title="Node context template" diff={diff.nodeContext} testId="diff-node-context" />
    </div>
  );
}
