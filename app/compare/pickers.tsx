// Picking the two variants: one list per side, experiments as groups (by name, else agent and date,
// never by id) and their variants inside, as a plain GET form that a change submits (the button is
// for a browser without script).
import type { ComparableExperiment } from '../../lib/db/queries/compare';
import { variantRefText, type VariantRef } from '../../lib/panel/compare/request';
import { formatTime } from '../../lib/panel/format';
import { SubmitOnChange } from './submit-on-change';
import styles from './compare.module.css';

/** The experiment as people know it: its name, else its agent and when it ran. */
function experimentTitle(experiment: ComparableExperiment): string {
  return experiment.name ?? `${experiment.agentName} · ${formatTime(experiment.createdAt)}`;
}

function groupLabel(experiment: ComparableExperiment): string {
  const marks = [
    experiment.simulated ? 'simulated' : null,
    experiment.datasetName ? `dataset ${experiment.datasetName}` : null,
    experiment.status === 'completed' ? null : experiment.status,
  ].filter(Boolean);
  const marked = marks.length > 0 ? ` (${marks.join(', ')})` : '';
  const agent = experiment.name ? ` · ${experiment.agentName} · ${formatTime(experiment.createdAt)}` : '';
  return `${experimentTitle(experiment)}${agent}${marked}`;
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
      <SubmitOnChange id={`pick-${name}`} name={name} defaultValue={selected ?? ''} testId={`pick-${name}`}>
        <option value="" disabled>
          choose a variant…
        </option>
        {choices.map((experiment) => (
          <optgroup key={experiment.id} label={groupLabel(experiment)}>
            {experiment.variants.map((variant) => (
              <option key={variant} value={variantRefText({ experimentId: experiment.id, variant })}>
                {variant} — {experimentTitle(experiment)}
              </option>
            ))}
          </optgroup>
        ))}
      </SubmitOnChange>
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
