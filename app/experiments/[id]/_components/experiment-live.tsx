'use client';
// The live part of an experiment page: polls GET /api/experiments/:id/charts while it runs (the
// experiment view and its chart data in one read), shows progress, the charts and the summary
// tables as they grow, and a cancel button.
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import type { ExperimentPageData } from '@/lib/panel/experiments/charts';
import { UNFINISHED, formatTime } from '@/lib/panel/format';
import { ExperimentCharts } from './charts/experiment-charts';
import { SimulatedBadge, StatusBadge } from '@/app/components/status-badge';
import { SummaryTables } from './summary-tables';
import { callApi, hasErrorMessage } from '@/app/components/api-client';

const POLL_MS = 1000;

export function ExperimentLive({ initial }: { initial: ExperimentPageData }) {
  const [data, setData] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  // Cancel asks first: a stopped run can be resumed, but what was in flight is cut short.
  const [confirming, setConfirming] = useState(false);
  // Counts finished polls, so that the next one is scheduled after a failed one too.
  const [polls, setPolls] = useState(0);
  const { view, charts } = data;
  const unfinished = UNFINISHED.has(view.status);
  const router = useRouter();
  // The rest of the page (resume, delete, the conversations' links) is the server's: when the status
  // seen here is not the one it was drawn with, draw it again (the page keys this part by status).
  useEffect(() => {
    if (view.status !== initial.view.status) router.refresh();
  }, [view.status, initial.view.status, router]);

  const refresh = useCallback(async () => {
    try {
      const answer = await callApi<ExperimentPageData>(
        `/api/experiments/${encodeURIComponent(initial.view.id)}/charts`,
        { cache: 'no-store' },
      );
      if (!answer.ok) {
        setProblem(answer.message);
        return;
      }
      setData(answer.body);
      setProblem(null);
    } finally {
      setPolls((count) => count + 1);
    }
  }, [initial.view.id]);

  useEffect(() => {
    if (!unfinished) return;
    const timer = setTimeout(refresh, POLL_MS);
    return () => clearTimeout(timer);
  }, [unfinished, polls, refresh]);

  const cancel = async () => {
    setCancelling(true);
    setConfirming(false);
    try {
      const answer = await callApi(`/api/experiments/${encodeURIComponent(initial.view.id)}/cancel`, {
        method: 'POST',
      });
      if (!answer.ok)
        setProblem(hasErrorMessage(answer.body) ? answer.message : `cancelling failed (${answer.status})`);
      await refresh();
    } finally {
      setCancelling(false);
    }
  };

  const { done, total } = view.progress;
  const fraction = total > 0 ? Math.min(1, done / total) : 0;
  return (
    <>
      <section className="card" data-testid="experiment-live">
        <div className="card-head">
          <h2>Progress</h2>
          <StatusBadge status={view.status} />
          {view.simulated ? <SimulatedBadge /> : null}
          {unfinished && !confirming ? (
            <button
              type="button"
              className="danger"
              onClick={() => setConfirming(true)}
              disabled={cancelling}
              data-testid="cancel-experiment"
              style={{ marginLeft: 'auto' }}
            >
              {cancelling ? 'Cancelling…' : 'Cancel'}
            </button>
          ) : null}
          {unfinished && confirming ? (
            <span className="confirm" data-testid="cancel-confirm" style={{ marginLeft: 'auto' }}>
              Stop this run? Conversations in flight are cut short; it can be resumed later.{' '}
              <button type="button" className="danger" onClick={cancel} data-testid="cancel-confirm-yes">
                Yes, cancel
              </button>{' '}
              <button
                type="button"
                className="secondary"
                onClick={() => setConfirming(false)}
                data-testid="cancel-confirm-no"
              >
                Keep running
              </button>
            </span>
          ) : null}
        </div>
        <div className="progress" data-testid="progress" data-done={done} data-total={total}>
          <div className="progress-track">
            <div
              className={`progress-fill${unfinished ? '' : ' done'}`}
              style={{ width: `${(fraction * 100).toFixed(1)}%` }}
            />
          </div>
          <span className="progress-text" data-testid="progress-text">
            {done} / {total} conversations{view.inFlight > 0 ? ` · ${view.inFlight} running` : ''}
          </span>
        </div>
        {view.status === 'pending' && !view.active ? <p className="muted">Waiting to start.</p> : null}
        {unfinished ? (
          <p className="muted" style={{ fontSize: 13, margin: 0 }}>
            The charts and tables below update every second while it runs.
          </p>
        ) : null}
        {view.finishedAt ? (
          <p className="muted" data-testid="finished-at" style={{ fontSize: 13, margin: 0 }}>
            {`Ended ${formatTime(view.finishedAt)}`}
          </p>
        ) : null}
        {view.error ? (
          <div className="error-box" data-testid="experiment-error">
            {view.error}
          </div>
        ) : null}
        {problem ? (
          <div className="error-box" role="alert" data-testid="live-problem">
            {problem}
          </div>
        ) : null}
      </section>
      <section className="card" data-testid="charts-card">
        <div className="card-head">
          <h2>Charts</h2>
          {view.simulated ? (
            <span className="muted">from the simulated endpoint: not a model&apos;s numbers</span>
          ) : null}
        </div>
        <ExperimentCharts summary={view.summary} charts={charts} simulated={view.simulated} />
      </section>
      <section className="card">
        <div className="card-head">
          <h2>Results</h2>
          {view.simulated ? <SimulatedBadge /> : null}
          {view.simulated ? (
            <span className="muted">from the simulated endpoint: not a model&apos;s numbers</span>
          ) : null}
        </div>
        <SummaryTables summary={view.summary} settings={view.settings?.variants} />
      </section>
    </>
  );
}
