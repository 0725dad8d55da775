'use client';
// The live part of an experiment page: polls GET /api/experiments/:id while it runs, shows progress,
// the summary as it grows, and a cancel button.
import { useCallback, useEffect, useState } from 'react';
import type { ExperimentView } from '../../lib/panel/experiments';
import { UNFINISHED, formatTime } from '../../lib/panel/format';
import { SimulatedBadge, StatusBadge } from './status-badge';
import { SummaryTables } from './summary-tables';

const POLL_MS = 1000;

export function ExperimentLive({ initial }: { initial: ExperimentView }) {
  const [view, setView] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const unfinished = UNFINISHED.has(view.status);

  const refresh = useCallback(async () => {
    try {
      const response = await fetch(`/api/experiments/${encodeURIComponent(initial.id)}`, { cache: 'no-store' });
      const body = (await response.json()) as ExperimentView & { error?: string };
      if (!response.ok) {
        setProblem(body.error ?? `the server answered ${response.status}`);
        return;
      }
      setView(body);
      setProblem(null);
    } catch (error) {
      setProblem(`cannot reach the panel: ${error instanceof Error ? error.message : String(error)}`);
    }
  }, [initial.id]);

  useEffect(() => {
    if (!unfinished) return;
    const timer = setTimeout(refresh, POLL_MS);
    return () => clearTimeout(timer);
  }, [unfinished, view, refresh]);

  const cancel = async () => {
    setCancelling(true);
    try {
      const response = await fetch(`/api/experiments/${encodeURIComponent(initial.id)}/cancel`, { method: 'POST' });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        setProblem(body?.error ?? `cancelling failed (${response.status})`);
      }
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
          {unfinished ? (
            <button type="button" className="danger" onClick={cancel} disabled={cancelling} data-testid="cancel-experiment" style={{ marginLeft: 'auto' }}>
              {cancelling ? 'Cancelling…' : 'Cancel'}
            </button>
          ) : null}
        </div>
        <div className="progress" data-testid="progress" data-done={done} data-total={total}>
          <div className="progress-track">
            <div className={`progress-fill${unfinished ? '' : ' done'}`} style={{ width: `${(fraction * 100).toFixed(1)}%` }} />
          </div>
          <span className="progress-text" data-testid="progress-text">
            {done} / {total} conversations{view.inFlight > 0 ? ` · ${view.inFlight} running` : ''}
          </span>
        </div>
        {view.status === 'pending' && !view.active ? <p className="muted">Waiting to start.</p> : null}
        {view.finishedAt ? (
          <p className="muted" data-testid="finished-at" style={{ fontSize: 13, margin: 0 }}>
            {`Ended ${formatTime(view.finishedAt)} UTC`}
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
      <section className="card">
        <div className="card-head">
          <h2>Results</h2>
          {view.simulated ? <span className="muted">from the simulated endpoint: not a model&apos;s numbers</span> : null}
        </div>
        <SummaryTables summary={view.summary} />
      </section>
    </>
  );
}
