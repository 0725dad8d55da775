// A variant's tokens (prompt in, completion out, as the server reported them) and, where its
// endpoint has prices, what they cost in all and per conversation. Shared by the experiment page
// and the compare page, so both count the same way (lib/metrics/cost.ts).
import { formatCost, tokenCost, type TokenPrices } from '@/lib/metrics/cost';

type Tokens = { prompt: number | null; completion: number | null } | undefined;

function count(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : value.toLocaleString('en-US');
}

export function TokenCostHeaders({ priced }: { priced: boolean }) {
  return (
    <>
      <th className="number" title="Prompt (input) / completion (output) tokens, as the server reported them">
        Tokens in / out
      </th>
      {priced ? (
        <th className="number" title="At the endpoint's prices per million input and output tokens">
          Cost
        </th>
      ) : null}
    </>
  );
}

export function TokenCostCells({
  tokens,
  conversations,
  prices,
  priced,
}: {
  tokens: Tokens;
  conversations: number;
  prices: TokenPrices | null;
  /** Whether the table has the cost column (some variant is priced). */
  priced: boolean;
}) {
  const cost = tokens ? tokenCost(tokens, prices) : null;
  return (
    <>
      <td className="number" data-testid="variant-tokens">
        {count(tokens?.prompt)} / {count(tokens?.completion)}
      </td>
      {priced ? (
        <td className="number" data-testid="variant-cost" title={prices ? undefined : 'its endpoint has no prices'}>
          {formatCost(cost)}
          {cost !== null && conversations > 0 ? (
            <span className="sub">{formatCost(cost / conversations)} per conversation</span>
          ) : null}
        </td>
      ) : null}
    </>
  );
}
