import Link from 'next/link';
import { notFound } from 'next/navigation';
import { NotFoundError } from '../../../../lib/errors';
import { PARSE_PATHS } from '../../../../lib/parsing/types';
import { OUTCOMES } from '../../../../lib/runner/types';
import { getExperimentHeader, listExperimentConversations, type ConversationPage, type ExperimentHeader } from '../../../../lib/panel/experiments';
import { formatMilliseconds, shortId } from '../../../../lib/panel/format';
import { ConversationQuery } from '../../../../lib/panel/requests';
import { getPanel } from '../../../../lib/panel/runtime';
import { OutcomeBadge, SimulatedBadge, StatusBadge } from '../../../components/status-badge';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 50;

type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === '' ? undefined : text;
}

export default async function ConversationsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> }) {
  const { id } = await params;
  const search = await searchParams;
  const pageNumber = Math.max(1, Math.floor(Number(first(search.page) ?? '1')) || 1);
  // A filter value that is not a known one (an edited URL) is dropped rather than failing the page.
  const parsed = ConversationQuery.safeParse({
    variant: first(search.variant),
    outcome: first(search.outcome),
    parsePath: first(search.parsePath),
    limit: PAGE_SIZE,
    offset: (pageNumber - 1) * PAGE_SIZE,
  });
  const query = parsed.success ? parsed.data : { limit: PAGE_SIZE, offset: (pageNumber - 1) * PAGE_SIZE };
  const panel = await getPanel();
  let view: ExperimentHeader;
  let page: ConversationPage;
  try {
    view = getExperimentHeader(panel, id);
    page = listExperimentConversations(panel, id, query);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
  const filtered = query.variant !== undefined || query.outcome !== undefined || query.parsePath !== undefined;
  const link = (pageTo: number) => {
    const next = new URLSearchParams();
    if (query.variant) next.set('variant', query.variant);
    if (query.outcome) next.set('outcome', query.outcome);
    if (query.parsePath) next.set('parsePath', query.parsePath);
    next.set('page', String(pageTo));
    return `/experiments/${id}/conversations?${next.toString()}`;
  };
  const lastPage = Math.max(1, Math.ceil(page.total / PAGE_SIZE));
  return (
    <>
      <div className="crumbs">
        <Link href="/">Overview</Link> / <Link href={`/experiments/${id}`}>experiment {shortId(id)}</Link> / conversations
      </div>
      <div className="page-head">
        <h1>Conversations</h1>
        <StatusBadge status={view.status} />
        {view.simulated ? <SimulatedBadge /> : null}
      </div>
      <section className="card">
        <form className="filters" method="get" data-testid="conversation-filters">
          <div>
            <label htmlFor="variant">Variant</label>
            <select id="variant" name="variant" defaultValue={query.variant ?? ''}>
              <option value="">all</option>
              {view.variantNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="outcome">Outcome</label>
            <select id="outcome" name="outcome" defaultValue={query.outcome ?? ''}>
              <option value="">all</option>
              {OUTCOMES.map((outcome) => (
                <option key={outcome} value={outcome}>
                  {outcome}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="parse-path">Parse path</label>
            <select id="parse-path" name="parsePath" defaultValue={query.parsePath ?? ''}>
              <option value="">all</option>
              {PARSE_PATHS.map((path) => (
                <option key={path} value={path}>
                  {path}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="secondary">
            Filter
          </button>
          <span className="muted" data-testid="conversation-total">
            {page.total} conversation{page.total === 1 ? '' : 's'}
          </span>
        </form>
        {page.conversations.length === 0 ? (
          <p className="empty" data-testid="conversations-empty">
            {filtered ? 'No conversation matches these filters.' : 'No conversation is stored yet; they appear as they finish.'}
          </p>
        ) : (
          <div className="table-scroll">
            <table data-testid="conversation-list">
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
                  <tr key={conversation.id} className="clickable" data-testid="conversation-row">
                    <td>
                      <Link href={`/conversations/${conversation.id}`} data-testid="conversation-link">
                        #{conversation.slot + 1}
                      </Link>
                      <span className="sub">input {conversation.inputIndex + 1}</span>
                    </td>
                    <td>{conversation.variantName}</td>
                    <td>
                      <OutcomeBadge outcome={conversation.outcome} />
                    </td>
                    <td>
                      <div className="chips">
                        {conversation.parsePaths.map((path, index) => (
                          <span key={index} className={`chip${path === null || path === 'malformed' ? ' warn' : ''}`}>
                            {path ?? 'request failed'}
                          </span>
                        ))}
                      </div>
                    </td>
                    <td className="number">{conversation.modelCallCount}</td>
                    <td className="number">{conversation.toolCallCount}</td>
                    <td className="number">{formatMilliseconds(conversation.durationMs)}</td>
                    <td className="muted" style={{ maxWidth: 280 }}>
                      {excerpt(conversation.error ?? conversation.finalText)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {page.total > PAGE_SIZE ? (
          <div className="pager" data-testid="pager">
            {pageNumber > 1 ? <Link href={link(pageNumber - 1)}>← Previous</Link> : <span className="muted">← Previous</span>}
            <span>
              page {pageNumber} of {lastPage}
            </span>
            {pageNumber < lastPage ? <Link href={link(pageNumber + 1)}>Next →</Link> : <span className="muted">Next →</span>}
          </div>
        ) : null}
      </section>
    </>
  );
}

function excerpt(text: string | null): string {
  if (!text) return '';
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
