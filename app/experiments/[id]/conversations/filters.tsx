// The conversation list's filters: a plain GET form, so that every filtered view is a link that
// can be shared and works without script.
import type { ReactNode } from 'react';
import type { ConversationListFilters } from '@/lib/panel/conversations/query';
import { FilterSelect } from '@/app/components/filter-select';

export function ConversationFilters(props: {
  filters: ConversationListFilters;
  variantNames: string[];
  outcomes: readonly string[];
  parsePaths: readonly string[];
  errorKinds: readonly string[];
  verdicts: readonly string[];
  labels: readonly string[];
  clearHref: string;
  total: ReactNode;
}) {
  const { filters } = props;
  return (
    <form className="filters" method="get" data-testid="conversation-filters">
      <FilterSelect id="variant" name="variant" label="Variant" value={filters.variant} options={props.variantNames} />
      <FilterSelect id="outcome" name="outcome" label="Outcome" value={filters.outcome} options={props.outcomes} />
      <FilterSelect
        id="parse-path"
        name="parsePath"
        label="Parse path"
        value={filters.parsePath}
        options={props.parsePaths}
      />
      <FilterSelect id="error-kind" name="error" label="Error" value={filters.error} options={props.errorKinds} />
      <FilterSelect id="verdict" name="verdict" label="Verdict" value={filters.verdict} options={props.verdicts} />
      <FilterSelect id="label" name="label" label="Label" value={filters.label} options={props.labels} />
      <div>
        <label htmlFor="tool">Tool called</label>
        <input
          id="tool"
          name="tool"
          defaultValue={filters.tool ?? ''}
          placeholder="tool name"
          maxLength={200}
          size={12}
          data-testid="filter-tool"
        />
      </div>
      <div>
        <label htmlFor="argument">Argument</label>
        <input
          id="argument"
          name="argument"
          defaultValue={filters.argument ?? ''}
          placeholder="value or name=value"
          maxLength={200}
          size={14}
          data-testid="filter-argument"
        />
      </div>
      <div>
        <label htmlFor="q">Text</label>
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={filters.q ?? ''}
          placeholder="in inputs, answers, tool results"
          maxLength={200}
          data-testid="search-text"
        />
      </div>
      <button type="submit" className="secondary">
        Filter
      </button>
      <a href={props.clearHref} className="muted" style={{ fontSize: 13 }}>
        Clear
      </a>
      {props.total}
    </form>
  );
}
