'use client';
// Reviewing a campaign: progress while it runs, then its changes grouped by file, a page at a time,
// filtered by status, check result and file. j/k move between changes, a/r accept or reject the
// selected one; "Accept all passing" accepts every change whose checks all passed.
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { callApi, type ApiFailure } from '@/app/components/api-client';
import { FailureBox } from '@/app/components/failure-box';
import type { CampaignOverview, ChangeView } from '@/lib/panel/campaigns/campaigns';
import { ApplyCard } from './apply-card';
import { ChangeCard } from './change-card';
import styles from './campaign.module.css';

type Filters = { status: string; checks: string; path: string };
type Page = { changes: ChangeView[]; total: number };

const PAGE_SIZE = 50;

function changesUrl(id: string, filters: Filters, offset: number): string {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) });
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return `/api/campaigns/${encodeURIComponent(id)}/changes?${query}`;
}

function typingInField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

export function CampaignReview({ initial }: { initial: CampaignOverview }) {
  const [overview, setOverview] = useState(initial);
  const [filters, setFilters] = useState<Filters>({ status: '', checks: '', path: '' });
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<Page | null>(null);
  const [selected, setSelected] = useState(0);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const running = overview.status === 'running' || overview.status === 'pending';

  const refresh = useCallback(async () => {
    const [summary, changes] = await Promise.all([
      callApi<CampaignOverview>(`/api/campaigns/${encodeURIComponent(initial.id)}`, { cache: 'no-store' }),
      callApi<Page>(changesUrl(initial.id, filters, offset), { cache: 'no-store' }),
    ]);
    if (summary.ok) setOverview(summary.body);
    if (changes.ok) setPage(changes.body);
    else setFailure(changes);
  }, [initial.id, filters, offset]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refresh(), 2000);
    return () => clearInterval(timer);
  }, [running, refresh]);

  // The header above (status, files) is drawn by the server: draw it again when they change here.
  const router = useRouter();
  useEffect(() => {
    if (overview.status !== initial.status || overview.files !== initial.files) router.refresh();
  }, [overview.status, overview.files, initial.status, initial.files, router]);

  const changes = useMemo(() => page?.changes ?? [], [page]);

  const decide = useCallback(
    async (body: Record<string, unknown>) => {
      setFailure(null);
      setNotice(null);
      const answer = await callApi<{ accepted?: string[]; skipped?: { id: string; reason: string }[] }>(
        `/api/campaigns/${encodeURIComponent(initial.id)}/decisions`,
        { body },
      );
      if (!answer.ok) setFailure(answer);
      else if (body.action === 'accept-all-passing') {
        const skipped = (answer.body.skipped ?? []).map((skip) => `${skip.id} (${skip.reason})`);
        const notAccepted = skipped.length > 0 ? `; not accepted: ${skipped.join(', ')}` : '';
        setNotice(`Accepted ${answer.body.accepted?.length ?? 0} passing changes${notAccepted}.`);
      }
      await refresh();
    },
    [initial.id, refresh],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typingInField(event.target)) return;
      const current = changes[selected];
      if (event.key === 'j') setSelected((index) => Math.min(changes.length - 1, index + 1));
      else if (event.key === 'k') setSelected((index) => Math.max(0, index - 1));
      else if (event.key === 'a' && current) {
        // A change whose checks failed is accepted only when asked twice: one key is too easy to press.
        const failed = Object.values(current.checks as Record<string, { passed?: boolean }>).some(
          (check) => check.passed === false,
        );
        if (!failed || window.confirm(`The checks of ${current.nodeName} failed. Accept it anyway?`))
          void decide({ action: 'accept', ids: [current.id] });
      } else if (event.key === 'r' && current) void decide({ action: 'reject', ids: [current.id] });
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [changes, selected, decide]);

  useEffect(() => {
    document.querySelector(`[data-change-index="${selected}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  const setFilter = (key: keyof Filters, value: string) => {
    setFilters((previous) => ({ ...previous, [key]: value }));
    setOffset(0);
    setSelected(0);
  };

  const percent =
    overview.progress.total > 0 ? Math.round((100 * overview.progress.done) / overview.progress.total) : 0;
  let lastPath: string | null = null;
  return (
    <>
      <section className="card" data-testid="campaign-progress">
        <div className={`progress ${styles.progress}`}>
          <div className="progress-track">
            <div className={`progress-fill${running ? '' : ' done'}`} style={{ width: `${percent}%` }} />
          </div>
          <div className={`progress-text ${styles.progressText}`} data-testid="campaign-progress-text">
            {overview.extracted
              ? `${overview.progress.done} / ${overview.progress.total} nodes`
              : 'reading the repository…'}{' '}
            · {overview.nodes.ran} ran · {overview.nodes.skipped} skipped · {overview.changes.total} changes (
            {overview.changes.accepted} accepted, {overview.changes.rejected} rejected)
          </div>
        </div>
      </section>

      <div className="filters" data-testid="change-filters">
        <label>
          Status{' '}
          <select
            value={filters.status}
            onChange={(event) => setFilter('status', event.target.value)}
            data-testid="filter-status"
          >
            <option value="">all</option>
            <option value="pending">pending</option>
            <option value="accepted">accepted</option>
            <option value="rejected">rejected</option>
          </select>
        </label>
        <label>
          Checks{' '}
          <select
            value={filters.checks}
            onChange={(event) => setFilter('checks', event.target.value)}
            data-testid="filter-checks"
          >
            <option value="">all</option>
            <option value="passed">all passed</option>
            <option value="failed">some failed</option>
          </select>
        </label>
        <label>
          File{' '}
          <select
            value={filters.path}
            onChange={(event) => setFilter('path', event.target.value)}
            data-testid="filter-file"
          >
            <option value="">all files</option>
            {overview.changedFiles.map((file) => (
              <option key={file.path} value={file.path}>
                {file.path} ({file.changes})
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button"
          onClick={() => void decide({ action: 'accept-all-passing' })}
          data-testid="accept-all-passing"
        >
          Accept all passing
        </button>
        <button
          type="button"
          className="button secondary"
          title={
            "also accept changes whose only failed check is 'preserved': " +
            'they remove or shrink existing docstrings, tests or code'
          }
          onClick={() => void decide({ action: 'accept-all-passing', includeDestructive: true })}
          data-testid="accept-all-passing-destructive"
        >
          Accept all passing, destructive too
        </button>
        <a
          className="button secondary"
          href={`/api/campaigns/${encodeURIComponent(overview.id)}/export`}
          data-testid="export-patch"
        >
          Export patch
        </a>
        <span className="muted">Keys: j/k move, a accept, r reject</span>
      </div>

      {failure ? <FailureBox failure={failure} testId="review-error" /> : null}
      {notice ? (
        <p className="note" data-testid="review-notice">
          {notice}
        </p>
      ) : null}

      {page && changes.length === 0 ? <p className="empty">No changes match these filters.</p> : null}
      <div className={styles.changes} data-testid="change-list">
        {changes.map((change, index) => {
          const header = change.path !== lastPath ? change.path : null;
          lastPath = change.path;
          return (
            <div key={change.id}>
              {header ? (
                <h3 className={styles.fileHeader} data-testid="file-group">
                  {header}
                </h3>
              ) : null}
              <ChangeCard
                campaignId={overview.id}
                change={change}
                index={index}
                selected={index === selected}
                onSelect={() => setSelected(index)}
                onDecide={decide}
                onEdited={refresh}
              />
            </div>
          );
        })}
      </div>
      {page && page.total > PAGE_SIZE ? (
        <div className="pager" data-testid="change-pager">
          <button
            type="button"
            className="button secondary"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
          >
            Previous
          </button>
          <span>
            {offset + 1}–{Math.min(offset + PAGE_SIZE, page.total)} of {page.total}
          </span>
          <button
            type="button"
            className="button secondary"
            disabled={offset + PAGE_SIZE >= page.total}
            onClick={() => setOffset(offset + PAGE_SIZE)}
          >
            Next
          </button>
        </div>
      ) : null}
      <ApplyCard overview={overview} onChanged={refresh} />
    </>
  );
}
