// The search page's form: words and the outcome, parse path, error, verdict, label, tool and argument filters.
import { OUTCOMES } from '@/lib/runner/types';
import { ALL_PARSE_PATHS } from '@/lib/parsing/types';
import { VERDICT_FILTERS } from '@/lib/db/queries/search-types';
import { ERROR_KINDS } from '@/lib/panel/conversations/query';
import type { SearchQuery } from '@/lib/panel/review/search';
import { FilterSelect } from '@/app/components/filter-select';

export function SearchForm({ query, labels }: { query: SearchQuery; labels: string[] }) {
  return (
    <form className="filters" method="get" data-testid="search-form">
      <div>
        <label htmlFor="search-q">Words</label>
        <input
          id="search-q"
          name="q"
          type="search"
          defaultValue={query.q ?? ''}
          placeholder='words, "a phrase", pref*'
          maxLength={200}
          size={28}
          data-testid="search-q"
        />
      </div>
      <FilterSelect id="search-outcome" name="outcome" label="Outcome" value={query.outcome} options={OUTCOMES} />
      <FilterSelect
        id="search-parsePath"
        name="parsePath"
        label="Parse path"
        value={query.parsePath}
        options={ALL_PARSE_PATHS}
      />
      <FilterSelect
        id="search-errorKind"
        name="errorKind"
        label="Error"
        value={query.errorKind}
        options={ERROR_KINDS}
      />
      <FilterSelect
        id="search-verdict"
        name="verdict"
        label="Verdict"
        value={query.verdict}
        options={VERDICT_FILTERS}
      />
      <FilterSelect id="search-label" name="label" label="Label" value={query.label} options={labels} />
      <div>
        <label htmlFor="search-tool">Tool called</label>
        <input id="search-tool" name="tool" defaultValue={query.tool ?? ''} size={12} />
      </div>
      <div>
        <label htmlFor="search-argument">Argument</label>
        <input
          id="search-argument"
          name="argument"
          defaultValue={query.argument ?? ''}
          placeholder="value or name=value"
          size={14}
        />
      </div>
      {query.experiment ? <input type="hidden" name="experiment" value={query.experiment} /> : null}
      <button type="submit" data-testid="search-submit">
        Search
      </button>
    </form>
  );
}
