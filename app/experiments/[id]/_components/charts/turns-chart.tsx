'use client';
// How many model responses the submitted conversations took, per variant, as shares of each
// variant's submitted conversations.
import type { TurnsHistogram } from '@/lib/metrics/prepare-turns';
import { SeriesCell, VariantTable } from '@/app/components/charts/chart-frame';
import { CountShare, ShareHistogramChart } from '@/app/components/charts/share-histogram';

export function TurnsChart({ histogram, simulated }: { histogram: TurnsHistogram; simulated: boolean }) {
  return (
    <ShareHistogramChart
      frame={{
        title: 'Turns to completion',
        caption: "Model responses per submitted conversation, as a share of each variant's submitted conversations.",
        simulated,
        testId: 'chart-turns',
      }}
      histogram={histogram}
      empty="No conversation has been submitted yet."
      numbers={<TurnsTable histogram={histogram} />}
      xKey="turns"
      xTitle="model responses (turns)"
      yTitle="share of submitted"
      unit="turns"
      height={250}
      shareDomain
    />
  );
}

function TurnsTable({ histogram }: { histogram: TurnsHistogram }) {
  return (
    <VariantTable
      testId="chart-turns-table"
      head={
        <>
          <th className="number">submitted</th>
          {histogram.rows.map((row) => (
            <th key={row.turns} className="number">
              {row.turns}
            </th>
          ))}
        </>
      }
    >
      {histogram.series.map((series) => {
        const counts = histogram.counts.find((entry) => entry.key === series.key);
        return (
          <tr key={series.key}>
            <SeriesCell series={series} />
            <td className="number" data-testid="turns-total" data-variant={series.name}>
              {counts?.total ?? 0}
            </td>
            {histogram.rows.map((row) => (
              <td
                key={row.turns}
                className="number"
                data-testid="turns-cell"
                data-variant={series.name}
                data-turns={row.turns}
              >
                <CountShare row={row} seriesKey={series.key} />
              </td>
            ))}
          </tr>
        );
      })}
    </VariantTable>
  );
}
