import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ALL_PARSE_PATHS } from '@/lib/parsing/types';
import { OUTCOMES } from '@/lib/runner/types';
import { inputLabel } from '@/lib/panel/compare/labels';
import {
  CONVERSATION_PAGE_SIZE,
  listConversationPage,
  type ConversationListView,
} from '@/lib/panel/conversations/conversations';
import {
  conversationHref,
  conversationListHref,
  ERROR_KINDS,
  filterParams,
  hasFilters,
  readConversationListRequest,
} from '@/lib/panel/conversations/query';
import { conversationReviews, labelsInUse } from '@/lib/db/queries/conversation-review';
import { reviewQueueHref } from '@/lib/panel/review/queue';
import { VERDICT_FILTERS } from '@/lib/db/queries/search-types';
import { formatMilliseconds, shortId } from '@/lib/panel/format';
import { NotFoundError } from '@/lib/errors';
import { getPanel } from '@/lib/panel/runtime';
import { OutcomeBadge, SimulatedBadge, StatusBadge } from '@/app/components/status-badge';
import { ConversationFilters } from './filters';
import styles from './conversations.module.css';
import { PathMark } from '@/app/components/category-mark';

export const dynamic = 'force-dynamic';

type SearchParams = Record<string, string | string[] | undefined>;

function totalText(view: ConversationListView): string {
  const total = view.page.total;
  if (total === null) {
    const shown = view.page.conversations.length;
    return `${shown} match${shown === 1 ? '' : 'es'} on this page`;
  }
  const count = total.count.toLocaleString('en-US');
  const noun = total.count === 1 && total.exact ? 'conversation' : 'conversations';
  return total.exact ? `${count} ${noun}` : `more than ${count} ${noun}`;
}

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return { title: `Conversations of experiment ${shortId(id)} · Remora` };
}

export default async function ConversationsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { id } = await params;
  const request = readConversationListRequest(await searchParams);
  const panel = await getPanel();
  let view: ConversationListView;
  try {
    view = listConversationPage(panel, id, request);
  } catch (error) {
    if (NotFoundError.is(error)) notFound();
    throw error;
  }
  const { experiment, page } = view;
  const reviews = conversationReviews(
    panel.database,
    page.conversations.map((conversation) => conversation.id),
  );
  const labels = labelsInUse(panel.database, id).map((entry) => entry.label);
  if (request.filters.label && !labels.includes(request.filters.label)) labels.push(request.filters.label);
  const exportQuery = filterParams(request.filters).toString();
  const { filters } = request;
  const filtered = hasFilters(filters);
  const notFirstPage = request.after !== undefined || request.before !== undefined;
  return (
    <>
      <div className="crumbs">
        <Link href="/">Overview</Link> / <Link href={`/experiments/${id}`}>experiment {shortId(id)}</Link> /
        conversations
      </div>
      <div className="page-head">
        <h1>Conversations</h1>
        <StatusBadge status={experiment.status} />
        {experiment.simulated ? <SimulatedBadge /> : null}
        <span className="muted">{experiment.agentName}</span>
      </div>
      <section className="card">
        <ConversationFilters
          filters={filters}
          variantNames={experiment.variantNames}
          outcomes={OUTCOMES}
          parsePaths={[...ALL_PARSE_PATHS]}
          errorKinds={[...ERROR_KINDS]}
          verdicts={[...VERDICT_FILTERS]}
          labels={labels}
          clearHref={conversationListHref(id, {})}
          total={
            <span className="muted" data-testid="conversation-total">
              {totalText(view)}
            </span>
          }
        />
        {request.ignored.length > 0 ? (
          <p className="note" data-testid="ignored-filters">
            Left out of the address because they are not known values: {request.ignored.join(', ')}.
          </p>
        ) : null}
        {view.unknownVariant !== null ? (
          <p className="note">This experiment has no variant named “{view.unknownVariant}”.</p>
        ) : null}
        {filtered ? (
          <p className="muted" style={{ fontSize: 13 }}>
            Export these:{' '}
            {(['csv', 'json', 'jsonl'] as const).map((format) => (
              <a
                key={format}
                href={`/api/experiments/${encodeURIComponent(id)}/export?format=${format}&${exportQuery}`}
                data-testid={`export-filtered-${format}`}
                style={{ marginRight: 8 }}
              >
                {format.toUpperCase()}
              </a>
            ))}
          </p>
        ) : null}
        {page.conversations.length > 0 ? (
          <p className="muted" style={{ fontSize: 13 }}>
            <Link href={reviewQueueHref(id, filters)} data-testid="review-these">
              Review these
            </Link>{' '}
            one at a time: the next unreviewed, a label set, and how many are done.
          </p>
        ) : null}
        {filters.q ? (
          <p className="muted" style={{ fontSize: 13 }} data-testid="search-scope">
            Text is looked for in inputs, model answers, tool calls, tool results and errors (not in the system prompt).
          </p>
        ) : null}
        {page.conversations.length === 0 ? (
          <p className="empty" data-testid="conversations-empty">
            {filtered
              ? 'No conversation matches these filters.'
              : 'No conversation is stored yet; they appear as they finish.'}
          </p>
        ) : (
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
                {page.conversations.map((conversation) => (
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
                    <td className={`muted ${styles.ending}`}>
                      {excerpt(conversation.error ?? conversation.finalText)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {page.next !== null || page.previous !== null || notFirstPage ? (
          <nav className="pager" data-testid="pager">
            {notFirstPage ? <Link href={conversationListHref(id, filters)}>⇤ First page</Link> : null}
            {page.previous !== null ? (
              <Link href={conversationListHref(id, filters, { before: page.previous })} data-testid="previous-page">
                ← Previous
              </Link>
            ) : null}
            {page.next !== null ? (
              <Link href={conversationListHref(id, filters, { after: page.next })} data-testid="next-page">
                Next →
              </Link>
            ) : (
              <span className="muted">Last page</span>
            )}
          </nav>
        ) : null}
      </section>
    </>
  );
}

function excerpt(text: string | null): string {
  if (!text) return '';
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
