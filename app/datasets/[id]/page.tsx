import Link from 'next/link';
import { notFound } from 'next/navigation';
import { NotFoundError } from '@/lib/errors';
import { getDatasetPage, type DatasetPage } from '@/lib/panel/datasets/datasets';
import { CasePageQuery } from '@/lib/panel/datasets/requests';
import { formatTime } from '@/lib/panel/format';
import { getPanel } from '@/lib/panel/runtime';
import { CaseList } from './_components/case-list';
import { DatasetActions } from './_components/dataset-actions';
import '../../agents/styles/agent-styles';
import '../datasets.css';

export const metadata = { title: 'Dataset · Remora' };

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 25;

async function load(id: string, search: Record<string, string | string[] | undefined>): Promise<DatasetPage> {
  const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const parsed = CasePageQuery.safeParse({
    offset: single(search.offset) || undefined,
    limit: PAGE_SIZE,
    q: single(search.q) || undefined,
  });
  const query = parsed.success ? parsed.data : CasePageQuery.parse({ limit: PAGE_SIZE });
  const panel = await getPanel();
  try {
    return getDatasetPage(panel, id, query);
  } catch (error) {
    if (NotFoundError.is(error)) notFound();
    throw error;
  }
}

function pageHref(id: string, offset: number, q: string | undefined): string {
  const params = new URLSearchParams();
  if (offset > 0) params.set('offset', String(offset));
  if (q) params.set('q', q);
  const text = params.toString();
  return `/datasets/${id}${text ? `?${text}` : ''}`;
}

export default async function DatasetPageView({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const search = await searchParams;
  const page = await load(id, search);
  const { dataset, counts } = page;
  const q = typeof search.q === 'string' && search.q.trim() !== '' ? search.q.trim() : undefined;
  const last = Math.min(page.offset + page.cases.length, page.total);
  return (
    <>
      <div className="crumbs">
        <Link href="/datasets">Datasets</Link> / {dataset.name}
      </div>
      <div className="page-head">
        <h1 data-testid="dataset-name">{dataset.name}</h1>
        <DatasetActions datasetId={dataset.id} datasetName={dataset.name} />
      </div>
      {dataset.description ? <p className="muted">{dataset.description}</p> : null}
      <dl className="facts" data-testid="dataset-facts">
        <div>
          <dt>Cases</dt>
          <dd data-testid="dataset-total">{dataset.caseCount}</dd>
        </div>
        <div>
          <dt>Expect a call</dt>
          <dd>{counts.call}</dd>
        </div>
        <div>
          <dt>Expect no call</dt>
          <dd>{counts.noCall}</dd>
        </div>
        <div>
          <dt>Not scored</dt>
          <dd>{counts.none}</dd>
        </div>
        <div>
          <dt>Imported as</dt>
          <dd>
            {dataset.sourceFormat}
            {dataset.sourceFile ? (
              <>
                {' '}
                from <code>{dataset.sourceFile}</code>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Changed</dt>
          <dd>{formatTime(dataset.updatedAt)}</dd>
        </div>
      </dl>
      <section className="card" data-testid="cases">
        <form className="filters" method="get" action={`/datasets/${dataset.id}`}>
          <div>
            <label htmlFor="case-search">Search</label>
            <input
              id="case-search"
              name="q"
              defaultValue={q ?? ''}
              placeholder="case id, text or tool name"
              data-testid="case-search"
            />
          </div>
          <button type="submit" className="secondary">
            Search
          </button>
          {q ? <Link href={`/datasets/${dataset.id}`}>clear</Link> : null}
          <span className="muted case-range" data-testid="case-range">
            {page.total === 0
              ? 'no case matches'
              : `cases ${page.offset + 1}–${last} of ${page.total}${q ? ` matching “${q}”` : ''}`}
          </span>
        </form>
        <CaseList datasetId={dataset.id} cases={page.cases} toolNames={page.toolNames} />
        {page.total > page.limit ? (
          <div className="pager" data-testid="case-pager">
            {page.offset > 0 ? (
              <Link href={pageHref(dataset.id, Math.max(0, page.offset - page.limit), q)}>← previous</Link>
            ) : (
              <span className="muted">← previous</span>
            )}
            <span>
              page {Math.floor(page.offset / page.limit) + 1} of {Math.ceil(page.total / page.limit)}
            </span>
            {last < page.total ? (
              <Link href={pageHref(dataset.id, page.offset + page.limit, q)}>next →</Link>
            ) : (
              <span className="muted">next →</span>
            )}
          </div>
        ) : null}
      </section>
    </>
  );
}
