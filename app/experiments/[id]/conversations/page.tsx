import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ALL_PARSE_PATHS } from '@/lib/parsing/types';
import { OUTCOMES } from '@/lib/runner/types';
import {
  CONVERSATION_PAGE_SIZE,
  listConversationPage,
  type ConversationListView,
} from '@/lib/panel/conversations/conversations';
import {
  conversationListHref,
  ERROR_KINDS,
  filterParams,
  hasFilters,
  readConversationListRequest,
} from '@/lib/panel/conversations/query';
import { conversationReviews, labelsInUse } from '@/lib/db/queries/conversation-review';
import { reviewQueueHref } from '@/lib/panel/review/queue';
import { VERDICT_FILTERS } from '@/lib/db/queries/search-types';
import { shortId } from '@/lib/panel/format';
import { NotFoundError } from '@/lib/errors';
import { getPanel } from '@/lib/panel/runtime';
import { SimulatedBadge, StatusBadge } from '@/app/components/status-badge';
import { ConversationFilters } from './filters';
import { ConversationTable, FilteredExport } from './conversation-table';

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
        {filtered ? <FilteredExport id={id} query={exportQuery} /> : null}
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
          <ConversationTable conversations={page.conversations} reviews={reviews} filters={filters} />
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
