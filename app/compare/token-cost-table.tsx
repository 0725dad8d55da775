// The two sides' tokens and, where their endpoints have prices, what they cost: a cheaper variant
// that does as well is a result too.
import type { ComparisonView } from '../../lib/panel/compare/compare';
import { TokenCostCells, TokenCostHeaders } from '../components/token-cost';
import { SideTag } from './side-card';

export function TokenCostTable({ view }: { view: ComparisonView }) {
  const priced = Boolean(view.a.pricePerMillionTokens || view.b.pricePerMillionTokens);
  const sides = [
    { which: 'a' as const, side: view.a, summary: view.metrics.a },
    { which: 'b' as const, side: view.b, summary: view.metrics.b },
  ];
  return (
    <div className="table-scroll">
      <table data-testid="compare-token-cost">
        <thead>
          <tr>
            <th>Variant</th>
            <th className="number">Model calls</th>
            <TokenCostHeaders priced={priced} />
          </tr>
        </thead>
        <tbody>
          {sides.map(({ which, side, summary }) => (
            <tr key={which} data-side={which}>
              <td>
                <SideTag side={which} /> {side.ref.variant}
              </td>
              <td className="number">{summary.modelCalls}</td>
              <TokenCostCells
                tokens={summary.tokens}
                conversations={summary.conversations}
                prices={side.pricePerMillionTokens}
                priced={priced}
              />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
