// Which variant did better on each input: the tally, filters, and a row per input with links to
// its pairs side by side.
import Link from 'next/link';
import { INPUT_PAGE_SIZE, type ComparisonView } from '../../lib/panel/compare/compare';
import type { InputVerdictFilter } from '../../lib/panel/compare/inputs';
import { compareHref, pairHref } from '../../lib/panel/compare/request';
import styles from './compare.module.css';

const FILTER_TEXT: Record<InputVerdictFilter, string> = {
  all: 'All inputs',
  differ: 'Only where A and B differ',
  failures: 'Only failures',
  a: 'A better',
  same: 'Same',
  b: 'B better',
};

function Tally({ view }: { view: ComparisonView }) {
  const { tally } = view.perInput;
  const judged = tally.a + tally.b + tally.same;
  const share = (count: number) => `${judged === 0 ? 0 : (count / judged) * 100}%`;
  return (
    <>
      <div className={styles.tally} data-testid="per-input-tally">
        <div className={styles.tallyBox} data-verdict="a" data-testid="tally-a">
          <strong>{tally.a}</strong>
          <span>A better</span>
        </div>
        <div className={styles.tallyBox} data-testid="tally-same">
          <strong>{tally.same}</strong>
          <span>same</span>
        </div>
        <div className={styles.tallyBox} data-verdict="b" data-testid="tally-b">
          <strong>{tally.b}</strong>
          <span>B better</span>
        </div>
        <div className={styles.tallyBox}>
          <strong>{tally.sharedInputs}</strong>
          <span>
            inputs both ran
            {tally.onlyA + tally.onlyB > 0 ? ` (${tally.onlyA} only in A, ${tally.onlyB} only in B)` : ''}
          </span>
        </div>
      </div>
      {judged > 0 ? (
        <div className={styles.tallyBar} aria-hidden>
          <span style={{ width: share(tally.a), background: '#1f6feb' }} />
          <span style={{ width: share(tally.same), background: '#b8c2d3' }} />
          <span style={{ width: share(tally.b), background: '#d4650c' }} />
        </div>
      ) : null}
      <p className="muted" style={{ fontSize: 13 }}>
        Counted over {tally.pairs.toLocaleString('en-US')} pairs: each run of an input by A is paired with the same run
        of it by B. A pair goes to the side with the right call when both were scored against a dataset, else to the
        side whose task-success check passed when both were judged (two failures are even), else to the better outcome
        (submitted, then turn limit, then no tool call, then error), then to fewer turns.
        {tally.not_judged > 0 ? ` ${tally.not_judged} pairs with a cancelled conversation are not judged.` : ''}
      </p>
    </>
  );
}

export function PerInput({ view }: { view: ComparisonView }) {
  const { perInput, a, b } = view;
  const link = (changes: { filter?: InputVerdictFilter; page?: number }) =>
    compareHref(a.ref, b.ref, {
      filter: changes.filter ?? perInput.filter,
      order: perInput.order,
      q: perInput.query,
      page: changes.page ?? 1,
    });
  return (
    <section className="card" data-testid="per-input">
      <h2>Per input</h2>
      <Tally view={view} />
      <div className="filter-links" data-testid="input-filters">
        {(Object.keys(FILTER_TEXT) as InputVerdictFilter[]).map((filter) => (
          <a
            key={filter}
            href={link({ filter })}
            aria-current={perInput.filter === filter ? 'true' : undefined}
            data-testid={`input-filter-${filter}`}
          >
            {FILTER_TEXT[filter]}
          </a>
        ))}
        <form
          method="get"
          action="/compare"
          style={{ display: 'flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <input type="hidden" name="a" value={`${a.ref.experimentId}:${a.ref.variant}`} />
          <input type="hidden" name="b" value={`${b.ref.experimentId}:${b.ref.variant}`} />
          {perInput.filter !== 'all' ? <input type="hidden" name="filter" value={perInput.filter} /> : null}
          <select name="order" defaultValue={perInput.order} aria-label="Order">
            <option value="input">in input order</option>
            <option value="b-better">where B did best first</option>
            <option value="a-better">where A did best first</option>
          </select>
          <input
            type="search"
            name="q"
            defaultValue={perInput.query ?? ''}
            placeholder="input contains…"
            aria-label="Input contains"
            maxLength={200}
          />
          <button type="submit" className="secondary">
            Apply
          </button>
        </form>
      </div>
      {perInput.rows.length === 0 ? (
        <p className="empty" data-testid="per-input-empty">
          {perInput.tally.sharedInputs === 0
            ? 'The two variants ran no input in common.'
            : 'No input matches these filters.'}
        </p>
      ) : (
        <div className="table-scroll">
          <table className={styles.counts} data-testid="per-input-table">
            <thead>
              <tr>
                <th>Input</th>
                <th className="number">Pairs</th>
                <th className="number">A better</th>
                <th className="number">Same</th>
                <th className="number">B better</th>
                <th>Side by side</th>
              </tr>
            </thead>
            <tbody>
              {perInput.rows.map((row) => (
                <tr key={row.key} data-testid="input-row">
                  <td className={styles.inputLabel}>
                    {row.label}
                    <span className="sub">
                      input {row.inputIndexA + 1} of A
                      {row.inputIndexA !== row.inputIndexB || a.experiment.id !== b.experiment.id
                        ? `, ${row.inputIndexB + 1} of B`
                        : ''}
                      {row.unpairedA + row.unpairedB > 0
                        ? ` · ${row.unpairedA + row.unpairedB} runs without a partner`
                        : ''}
                    </span>
                  </td>
                  <td className="number" data-label="Pairs">
                    {row.pairCount}
                  </td>
                  <td className={`number ${row.counts.a > row.counts.b ? styles.better : ''}`} data-label="A better">
                    {row.counts.a}
                  </td>
                  <td className="number" data-label="Same">
                    {row.counts.same}
                  </td>
                  <td className={`number ${row.counts.b > row.counts.a ? styles.better : ''}`} data-label="B better">
                    {row.counts.b}
                  </td>
                  <td className={styles.pairsCell}>
                    <div className={styles.pairLinks}>
                      {row.pairs.map((pair) =>
                        pair.a.id && pair.b.id ? (
                          <Link
                            key={pair.repeat}
                            href={pairHref(pair.a.id, pair.b.id)}
                            className={styles.pairLink}
                            data-verdict={pair.verdict}
                            data-testid="pair-link"
                            title={pair.reason}
                          >
                            run {pair.repeat}:{' '}
                            {pair.verdict === 'a'
                              ? 'A'
                              : pair.verdict === 'b'
                                ? 'B'
                                : pair.verdict === 'same'
                                  ? '='
                                  : '?'}
                          </Link>
                        ) : null,
                      )}
                      {row.pairCount > row.pairs.length ? (
                        <span className="muted" style={{ fontSize: 12 }}>
                          +{row.pairCount - row.pairs.length} more
                        </span>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {perInput.pageCount > 1 ? (
        <nav className="pager" data-testid="input-pager">
          {perInput.page > 1 ? (
            <a href={link({ page: perInput.page - 1 })}>← Previous</a>
          ) : (
            <span className="muted">← Previous</span>
          )}
          <span>
            inputs {(perInput.page - 1) * INPUT_PAGE_SIZE + 1}–
            {Math.min(perInput.page * INPUT_PAGE_SIZE, perInput.matching)} of {perInput.matching}
          </span>
          {perInput.page < perInput.pageCount ? (
            <a href={link({ page: perInput.page + 1 })}>Next →</a>
          ) : (
            <span className="muted">Next →</span>
          )}
        </nav>
      ) : null}
    </section>
  );
}
