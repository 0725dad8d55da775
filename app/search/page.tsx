// Search every experiment's transcripts at once (or one's): words anywhere in a conversation but
// its system prompt, with the tool, argument, verdict, error and label filters. A GET form, so a
// search is a link.
import Link from 'next/link';
import { labelsInUse } from '@/lib/db/queries/conversation-review';
import { inputLabel } from '@/lib/panel/compare/labels';
import { readSearchPage, SEARCH_KEYS, searchTranscripts, type SearchQuery } from '@/lib/panel/review/search';
import { clip, shortId } from '@/lib/panel/format';
import { getPanel } from '@/lib/panel/runtime';
import { OutcomeBadge } from '@/app/components/status-badge';
import { SnippetText } from './snippet';
import { SearchForm } from './search-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Search · Remora' };

function pageHref(query: SearchQuery, after: number): string {
  const params = new URLSearchParams();
  for (const key of SEARCH_KEYS) if (query[key] !== undefined) params.set(key, String(query[key]));
  params.set('after', String(after));
  return `/search?${params}`;
}

export default async function SearchPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { query, ignored } = readSearchPage(await searchParams);
  const panel = await getPanel();
  const started = performance.now();
  const answer = searchTranscripts(panel, query);
  const elapsed = performance.now() - started;
  const labels = labelsInUse(panel.database).map((entry) => entry.label);
  const { total } = answer;
  return (
    <>
      <div className="crumbs">
        <Link href="/">Overview</Link> / search
      </div>
      <div className="page-head">
        <h1>Search transcripts</h1>
      </div>
      <section className="card">
        <SearchForm query={query} labels={labels} />
        <p className="muted" style={{ fontSize: 13 }}>
          Looks in inputs, model answers, tool calls, tool results and errors, in{' '}
          {query.experiment ? `experiment ${shortId(query.experiment)} only` : 'every experiment'}; not in system
          prompts.
          {query.experiment ? (
            <>
              {' '}
              <Link href={`/search?q=${encodeURIComponent(query.q ?? '')}`}>Search every experiment</Link>
            </>
          ) : null}
        </p>
        {ignored.length > 0 ? (
          <p className="note">Left out because they are not known values: {ignored.join(', ')}.</p>
        ) : null}
        {answer.textIgnored ? <p className="note">The words held nothing to look for and were left out.</p> : null}
        {answer.searched ? (
          <p data-testid="search-total" data-count={total.count} data-exact={String(total.exact)}>
            <strong>
              {total.exact ? '' : 'more than '}
              {total.count.toLocaleString('en-US')} conversation{total.count === 1 && total.exact ? '' : 's'}
            </strong>
            {total.experiments !== null
              ? ` in ${total.experiments} experiment${total.experiments === 1 ? '' : 's'}`
              : ''}
            <span className="muted" data-testid="search-time">
              {' '}
              · {elapsed.toFixed(1)} ms on the server
            </span>
          </p>
        ) : (
          <p className="empty">Type words or pick a filter to search.</p>
        )}
        {answer.conversations.length > 0 ? (
          <div className="table-scroll">
            <table data-testid="search-results">
              <thead>
                <tr>
                  <th>Conversation</th>
                  {query.q ? <th>Matched</th> : null}
                  <th>Experiment</th>
                  <th>Variant</th>
                  <th>Outcome</th>
                  <th>Ending</th>
                </tr>
              </thead>
              <tbody>
                {answer.conversations.map((conversation) => (
                  <tr
                    key={conversation.id}
                    data-testid="search-row"
                    data-conversation={conversation.id}
                    data-experiment={conversation.experimentId}
                  >
                    <td>
                      <Link href={`/conversations/${conversation.id}`}>#{conversation.slot}</Link>
                      <span className="sub">
                        input {conversation.inputIndex + 1}: {inputLabel(conversation.input)}
                      </span>
                    </td>
                    {query.q ? (
                      <td style={{ minWidth: 220 }}>
                        {conversation.snippet ? <SnippetText snippet={conversation.snippet} /> : null}
                      </td>
                    ) : null}
                    <td>
                      <Link href={`/experiments/${conversation.experimentId}`}>
                        {conversation.experimentName ?? `experiment ${shortId(conversation.experimentId)}`}
                      </Link>
                      <span className="sub">{conversation.agentName}</span>
                    </td>
                    <td>{conversation.variantName}</td>
                    <td>
                      <OutcomeBadge outcome={conversation.outcome} />
                    </td>
                    <td className="muted">{clip(conversation.error ?? conversation.finalText, 100)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : answer.searched ? (
          <p className="empty" data-testid="search-empty">
            No conversation matches.
          </p>
        ) : null}
        {answer.next !== null ? (
          <nav className="pager">
            <Link href={pageHref(query, answer.next)} data-testid="search-next">
              Next →
            </Link>
          </nav>
        ) : null}
      </section>
    </>
  );
}
