// The experiment's own task-success check, beside the agent's: how often it passed per variant.
import type { CustomCheckRate } from '@/lib/db/queries/custom-check-rates';

function percent(rate: CustomCheckRate): string {
  return rate.judged === 0 ? '—' : `${((rate.passed / rate.judged) * 100).toFixed(1)}%`;
}

export function CustomCheckCard({ rates }: { rates: CustomCheckRate[] }) {
  if (rates.length === 0) return null;
  return (
    <section className="card" data-testid="custom-check-rates">
      <h2>
        Custom check <code>{rates[0].check}</code>
      </h2>
      <p className="muted" style={{ marginTop: 0 }}>
        The experiment&apos;s own task-success script, run after each conversation beside the agent&apos;s check.
      </p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>Variant</th>
              <th className="number">Passed</th>
              <th className="number">Judged</th>
              <th className="number">Rate</th>
            </tr>
          </thead>
          <tbody>
            {rates.map((rate) => (
              <tr key={rate.variantName} data-testid="custom-check-rate" data-variant={rate.variantName}>
                <td>{rate.variantName}</td>
                <td className="number">{rate.passed}</td>
                <td className="number">{rate.judged}</td>
                <td className="number">{percent(rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
