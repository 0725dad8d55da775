// The comparison's URL parameters: `a` and `b` name variants as EXPERIMENT:VARIANT (the variant name
// may itself hold colons; experiment ids never do), and the per-input table's filters.
import { z } from 'zod';
import { InputError } from '../../errors';
import type { InputOrder, InputVerdictFilter } from './inputs';
import { plainIssue } from '../../protocol/plain-issues';

export type VariantRef = { experimentId: string; variant: string };

const INPUT_FILTERS: InputVerdictFilter[] = ['all', 'differ', 'failures', 'a', 'same', 'b'];
const INPUT_ORDERS: InputOrder[] = ['input', 'b-better', 'a-better'];

export function parseVariantRef(text: string): VariantRef | null {
  const colon = text.indexOf(':');
  if (colon <= 0 || colon === text.length - 1) return null;
  const experimentId = text.slice(0, colon).trim();
  const variant = text.slice(colon + 1);
  if (!/^[\w-]{1,200}$/.test(experimentId) || variant.length > 100) return null;
  return { experimentId, variant };
}

export function variantRefText(ref: VariantRef): string {
  return `${ref.experimentId}:${ref.variant}`;
}

const VariantRefParam = z.string().transform((text, context) => {
  const ref = parseVariantRef(text);
  if (!ref) {
    context.addIssue({ code: 'custom', message: 'must be EXPERIMENT_ID:VARIANT_NAME' });
    return z.NEVER;
  }
  return ref;
});

export const CompareQuery = z.object({
  a: VariantRefParam,
  b: VariantRefParam,
  filter: z.enum(INPUT_FILTERS as [InputVerdictFilter, ...InputVerdictFilter[]]).default('all'),
  order: z.enum(INPUT_ORDERS as [InputOrder, ...InputOrder[]]).default('input'),
  q: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type CompareQuery = z.infer<typeof CompareQuery>;

export const PairQuery = z.object({ a: z.string().min(1).max(200), b: z.string().min(1).max(200) });

type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === '' ? undefined : text;
}

/**
 * A page's search parameters as the comparison query (other parameters are left alone); what is
 * missing or wrong is an InputError with reasons.
 */
export function readCompareQuery(search: SearchParams): CompareQuery {
  const values: Record<string, string> = {};
  for (const key of Object.keys(search)) {
    const value = first(search[key]);
    if (value !== undefined) values[key] = value;
  }
  const parsed = CompareQuery.safeParse(values);
  if (!parsed.success)
    throw new InputError(
      'the comparison cannot be read from this address',
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'query'}: ${plainIssue(issue)}`),
    );
  return parsed.data;
}

/** A link to the comparison with these settings. */
export function compareHref(
  a: VariantRef,
  b: VariantRef,
  options: { filter?: InputVerdictFilter; order?: InputOrder; q?: string | null; page?: number } = {},
): string {
  const params = new URLSearchParams({ a: variantRefText(a), b: variantRefText(b) });
  if (options.filter && options.filter !== 'all') params.set('filter', options.filter);
  if (options.order && options.order !== 'input') params.set('order', options.order);
  if (options.q) params.set('q', options.q);
  if (options.page && options.page > 1) params.set('page', String(options.page));
  return `/compare?${params.toString()}`;
}

export function pairHref(a: string, b: string): string {
  return `/compare/pair?${new URLSearchParams({ a, b }).toString()}`;
}
