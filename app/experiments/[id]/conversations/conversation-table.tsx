// The experiment's conversations as a table, one row each linked to its transcript with the filters
// kept; and the links that export the filtered list.
import Link from 'next/link';
import { inputLabel } from '@/lib/panel/compare/labels';
import type { ConversationListView } from '@/lib/panel/conversations/conversations';
import { conversationHref, type ConversationListFilters } from '@/lib/panel/conversations/query';
import type { conversationReviews } from '@/lib/db/queries/conversation-review';
import { formatMilliseconds } from '@/lib/panel/format';
import { OutcomeBadge } from '@/app/components/status-badge';
import { PathMark } from '@/app/components/category-mark';
import styles from './conversations.module.css';

export function ConversationTable({
  conversations,
  reviews,
  filters,
}: {
  conversations: ConversationListView['page']['conversations'];
  reviews: ReturnType<typeof conversationReviews>;
  filters: ConversationListFilters;
}) {
  return (
    <div className="table-scroll">
      <table className={styles.list} data-testid="conversation-list">
        <thead>
          <tr>
            <th>Conversation</th>
            <th>Variant</th>
            <th>Outcome</th>
            <th>Parse paths</th>
            <th className="number">Model calls</th>
            <th className="number">Tool calls</th>
            <th className="number">Duration</th>
            <th>Ending</th>
          </tr>
        </thead>
        <tbody>
          {conversations.map((conversation) => (
            <tr
              key={conversation.id}
              className="clickable"
              data-testid="conversation-row"
              data-outcome={conversation.outcome}
            >
              <td className={styles.conversation}>
                <Link href={conversationHref(conversation.id, filters)} data-testid="conversation-link">
                  #{conversation.slot}
                </Link>
                {(reviews.get(conversation.id)?.labels ?? []).map((label) => (
                  <span key={label} className="chip label-chip" data-testid="row-label">
                    {label}
                  </span>
                ))}
                <span className="sub">
                  input {conversation.inputIndex + 1}: {inputLabel(conversation.input)}
                </span>
              </td>
              <td>{conversation.variantName}</td>
              <td>
                <OutcomeBadge outcome={conversation.outcome} />
                {conversation.verdictScored ? (
                  <span className="sub" data-testid="row-verdict">
                    {conversation.callCorrect ? 'call right' : 'call wrong'}
                  </span>
                ) : null}
              </td>
              <td className={styles.paths}>
                <div className="chips">
                  {conversation.parsePaths.map((path, index) => (
                    <PathMark key={index} path={path} testId="row-parse-path" />
                  ))}
                </div>
              </td>
              <td className="number" data-label="model calls">
                {conversation.modelCallCount}
              </td>
              <td className="number" data-label="tool calls">
                {conversation.toolCallCount}
              </td>
              <td className="number">{formatMilliseconds(conversation.durationMs)}</td>
              <td className={`muted ${styles.ending}`}>{excerpt(conversation.error ?? conversation.finalText)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Links that download the filtered conversations in each export format. */
export function FilteredExport({ id, query }: { id: string; query: string }) {
  return (
    <p className="muted" style={{ fontSize: 13 }}>
      Export these:{' '}
      {(['csv', 'json', 'jsonl'] as const).map((format) => (
        <a
          key={format}
          href={`/api/experiments/${encodeURIComponent(id)}/export?format=${format}&${query}`}
          data-testid={`export-filtered-${format}`}
          style={{ marginRight: 8 }}
        >
          {format.toUpperCase()}
        </a>
      ))}
    </p>
  );
}

function excerpt(text: string | null): string {
  if (!text) return '';
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
