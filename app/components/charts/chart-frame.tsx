// The frame every chart sits in: title, "simulated" mark, a caption saying what is counted, the
// plot (or why there is none yet), and its numbers in a table beside it.
import type { ReactNode } from 'react';
import { SimulatedBadge } from '../status-badge';
import type { FillPattern } from '@/lib/metrics/prepare-palette';
import { CategorySwatch } from '../category-mark';
import styles from './charts.module.css';

/** What names a chart: its title, its caption, its "simulated" mark and its test id. */
export type ChartLabels = { title: string; caption: string; simulated: boolean; testId: string };

export function ChartFrame({
  title,
  caption,
  simulated,
  testId,
  empty,
  numbers,
  wide = false,
  children,
}: {
  title: string;
  caption: string;
  simulated: boolean;
  testId: string;
  /** Shown instead of the plot when there is nothing to draw yet. */
  empty: string | null;
  numbers: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <figure className={`${styles.chart}${wide ? ` ${styles.wide}` : ''}`} data-testid={testId} style={{ margin: 0 }}>
      <div className={styles.head}>
        <h3>{title}</h3>
        {simulated ? <SimulatedBadge /> : null}
      </div>
      <figcaption className={styles.caption}>{caption}</figcaption>
      {empty === null ? (
        <div className={styles.plot} role="img" aria-label={`${title}: chart; its numbers are in the table below it`}>
          {children}
        </div>
      ) : (
        <p className={styles.empty} data-testid={`${testId}-empty`}>
          {empty}
        </p>
      )}
      {empty === null ? (
        <details className={styles.numbers}>
          <summary>Numbers</summary>
          <div className="table-scroll">{numbers}</div>
        </details>
      ) : null}
    </figure>
  );
}

/** A series' or category's swatch: the same mark as beside a category's name anywhere in the panel. */
export function Swatch({ colour, pattern }: { colour: string; pattern?: FillPattern }) {
  return <CategorySwatch colour={colour} pattern={pattern} />;
}

/** A numbers table's first cell: the series' swatch and name. */
export function SeriesCell({ series }: { series: { colour: string; name: string } }) {
  return (
    <td>
      <Swatch colour={series.colour} />
      {series.name}
    </td>
  );
}

/** A chart's numbers table with a row per variant: "Variant", then the given column heads, then the rows. */
export function VariantTable({ testId, head, children }: { testId: string; head: ReactNode; children: ReactNode }) {
  return (
    <table data-testid={testId}>
      <thead>
        <tr>
          <th>Variant</th>
          {head}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
