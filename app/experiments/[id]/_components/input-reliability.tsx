// Per-input reliability, once the run has ended: the share of each input's repeats that succeeded
// per variant, the inputs the variants disagree on most first, and the flaky ones marked.
import type { ReliabilityView } from '@/lib/panel/experiments/reliability';
import { formatPercent } from '@/lib/panel/format';
import { plural } from '@/lib/plural';

export function InputReliability({ view }: { view: ReliabilityView }) {
  if (view.rows.length === 0) return null;
  const shown = view.rows;
  const unnamed = view.flaky - view.flakyLabels.length;
  return (
    <section className="card" data-testid="input-reliability">
      <div className="card-head">
        <h2>Per-input reliability</h2>
        <span className="muted">
          {view.repeated
            ? `${plural(view.flaky, 'flaky input')} (succeed on some repeats, fail on others); ` +
              'the inputs the variants disagree on most come first.'
            : 'Each input ran once per variant: the inputs the variants disagree on come first.'}
        </span>
      </div>
      <div className="table-scroll">
        <table data-testid="input-reliability-table">
          <thead>
            <tr>
              <th>Input</th>
              {view.variants.map((name) => (
                <th key={name} className="number">
                  {name}
                </th>
              ))}
              <th className="number">Disagreement</th>
              <th>Flaky</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.input} data-testid="input-reliability-row" data-flaky={row.flaky ? 'true' : 'false'}>
                <td>{row.label}</td>
                {row.variants.map((variant, index) => (
                  <td key={view.variants[index]} className="number">
                    {formatPercent(variant.share)}
                    <span className="sub">{`${variant.successes} of ${variant.repeats}`}</span>
                  </td>
                ))}
                <td className="number">{formatPercent(row.spread)}</td>
                <td>{row.flaky ? 'flaky' : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {view.inputs > shown.length ? (
        <p className="muted">{`${view.inputs - shown.length} more inputs agree more.`}</p>
      ) : null}
      {view.flaky > 0 ? (
        // Flaky inputs also below the table's cut: they are where prompts help or hurt by luck.
        <p data-testid="flaky-inputs">
          <strong>Flaky inputs:</strong> {view.flakyLabels.join(' · ')}
          {unnamed > 0 ? ` and ${unnamed} more` : ''}
        </p>
      ) : null}
    </section>
  );
}
