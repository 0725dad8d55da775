// The experiment page's ways on: its conversations, its grid, its variants compared, its agent over time.
import Link from 'next/link';

export function ExperimentLinks({ id, agentName }: { id: string; agentName: string }) {
  return (
    <div className="actions">
      <Link className="button secondary" href={`/experiments/${id}/conversations`} data-testid="conversations-link">
        Conversations
      </Link>
      <Link className="button secondary" href={`/experiments/${id}/grid`} data-testid="grid-link">
        Inputs × variants
      </Link>
      <Link
        className="button secondary"
        href={`/compare?experiment=${encodeURIComponent(id)}`}
        data-testid="compare-link"
      >
        Compare variants
      </Link>
      <Link
        className="button secondary"
        href={`/agents/${encodeURIComponent(agentName)}/history`}
        data-testid="history-link"
      >
        {agentName} over time
      </Link>
    </div>
  );
}
