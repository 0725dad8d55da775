// The confusion table of a dataset run as a heat map: each row an expected tool, each column the
// tool called for it; a cell's shade is its share of the row, the diagonal (right tool) outlined.
import type { VariantConfusion } from '@/lib/panel/experiments/charts';
import { heatColour } from '@/lib/metrics/prepare-palette';
import { formatPercent } from '@/lib/panel/format';
import { SimulatedBadge } from '@/app/components/status-badge';
import styles from '@/app/components/charts/charts.module.css';

export function ConfusionHeatMaps({ confusions, simulated }: { confusions: VariantConfusion[]; simulated: boolean }) {
  return (
    <figure className={`${styles.chart} ${styles.wide}`} data-testid="chart-confusion" style={{ margin: 0 }}>
      <div className={styles.head}>
        <h3>Expected against called tool</h3>
        {simulated ? <SimulatedBadge /> : null}
      </div>
      <figcaption className={styles.caption}>
        Per variant, each row is the tool a case expected and each column the tool the model called for it (first
        response). Shade: share of the row; outlined: the right tool.
      </figcaption>
      <div className={styles.heatGrid}>
        {confusions.map((confusion) => (
          <HeatMap key={confusion.variant} confusion={confusion} />
        ))}
      </div>
    </figure>
  );
}

function HeatMap({ confusion }: { confusion: VariantConfusion }) {
  const { matrix } = confusion;
  return (
    <div data-testid="confusion-variant" data-variant={confusion.variant}>
      <h4 style={{ margin: '4px 0', fontSize: 14 }}>
        {confusion.variant}{' '}
        <span className="muted" style={{ fontWeight: 400, fontSize: 12 }}>
          {confusion.total} pairings
          {matrix.agreement === null ? '' : `, ${formatPercent(matrix.agreement)} on the diagonal`}
        </span>
      </h4>
      {confusion.total === 0 ? (
        <p className={styles.empty}>Nothing scored yet.</p>
      ) : (
        <div className={styles.heatScroll}>
          <table className={styles.heat} aria-label={`Confusion of expected and called tools for ${confusion.variant}`}>
            <thead>
              <tr>
                <th className={styles.corner}>expected ↓ called →</th>
                {matrix.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
                <th className={styles.corner}>total</th>
              </tr>
            </thead>
            <tbody>
              {matrix.rows.map((row, rowIndex) => (
                <tr key={row}>
                  <th scope="row" style={{ textAlign: 'right' }}>
                    {row}
                  </th>
                  {matrix.columns.map((column, columnIndex) => {
                    const share = matrix.shares[rowIndex][columnIndex];
                    const colour = heatColour(share);
                    const count = matrix.counts[rowIndex][columnIndex];
                    return (
                      <td
                        key={column}
                        className={row === column ? styles.diagonal : undefined}
                        style={{ background: colour.background, color: colour.text }}
                        title={`${row} expected, ${column} called: ${count} (${formatPercent(share)} of the row)`}
                        data-testid="confusion-cell"
                        data-expected={row}
                        data-called={column}
                      >
                        {count === 0 ? '·' : count}
                      </td>
                    );
                  })}
                  <td className="muted">{matrix.rowTotals[rowIndex]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
