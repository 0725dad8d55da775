// The balance check's warnings (lib/metrics/balance.ts), shown above the comparisons: a difference
// between variants that did not run alike may be the server's or the schedule's, not the prompt's.
export function BalanceWarning({ warnings }: { warnings: string[] | undefined }) {
  if (!warnings || warnings.length === 0) return null;
  return (
    <div className="notice" data-testid="balance-warning" role="status">
      <strong>The variants did not run alike.</strong> Read the differences below with this in mind:
      <ul>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </div>
  );
}
