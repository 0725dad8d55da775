// Status and "simulated" marks, shared by every page. Plain text in spans: nothing here renders HTML.
export function StatusBadge({ status, testId = 'status' }: { status: string; testId?: string }) {
  return (
    <span className={`badge ${status}`} data-testid={testId} data-status={status}>
      {status}
    </span>
  );
}

/** Everything from the simulated endpoint carries this mark: its numbers are not a model's. */
export function SimulatedBadge() {
  return (
    <span
      className="badge simulated"
      data-testid="simulated-badge"
      title="From the simulated endpoint: these numbers are not a model's numbers"
    >
      simulated
    </span>
  );
}

export function OutcomeBadge({ outcome }: { outcome: string }) {
  return (
    <span className={`badge ${outcome}`} data-testid="outcome">
      {outcome}
    </span>
  );
}
