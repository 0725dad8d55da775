// Picking the two variants: one list per side, experiments as groups and their variants inside, as a
// plain GET form (no script needed).
import type { ComparableExperiment } from '../../lib/db/queries/compare';
import { variantRefText, type VariantRef } from '../../lib/panel/compare/request';
import { formatTime, shortId } from '../../lib/panel/format';
import styles from './compare.module.css';

function groupLabel(experiment: ComparableExperiment): string {
  const marks = [
    experiment.simulated ? 'simulated' : null,
    experiment.datasetName ? `dataset ${experiment.datasetName}` : null,
    experiment.status === 'completed' ? null : experiment.status,
  ].filter(Boolean);
  const marked = marks.length > 0 ? ` (${marks.join(', ')})` : '';
  return `${experiment.agentName} · ${formatTime(experiment.createdAt)} · ${shortId(experiment.id)}${marked}`;
}

function Picker({
  name,
  label,
  choices,
  selected,
}: {
  name: 'a' | 'b';
  label: string;
  choices: ComparableExperiment[];
  selected: string | null;
}) {
  return (
    <div>
      <label htmlFor={`pick-${name}`}>{label}</label>
      <select id={`pick-${name}`} name={name} defaultValue={selected ?? ''} required data-testid={`pick-${name}`}>
        <option value="" disabled>
          choose a variant…
        </option>
        {choices.map((experiment) => (
          <optgroup key={experiment.id} label={groupLabel(experiment)}>
            {experiment.variants.map((variant) => (
              <option key={variant} value={variantRefText({ experimentId: experiment.id, variant })}>
                {variant} — {experiment.agentName} {shortId(experiment.id)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

export function ComparePickers({
  choices,
  a,
  b,
}: {
  choices: ComparableExperiment[];
  a: VariantRef | null;
  b: VariantRef | null;
}) {
  if (choices.length === 0) {
    return (
      <p className="empty" data-testid="compare-empty">
        No experiment has run yet: start one, then compare its variants here.
      </p>
    );
  }
  return (
    <form method="get" action="/compare" className={styles.pickers} data-testid="compare-pickers">
      <Picker name="a" label="A (the reference)" choices={choices} selected={a ? variantRefText(a) : null} />
      <Picker name="b" label="B (compared with A)" choices={choices} selected={b ? variantRefText(b) : null} />
      <div>
        <button type="submit" data-testid="compare-submit">
          Compare
        </button>
      </div>
    </form>
  );
}
