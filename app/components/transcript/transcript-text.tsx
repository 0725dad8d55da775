// Untrusted text shown as text: long values folded so that a transcript with big tool outputs stays
// readable, the whole value one click away. React escapes everything; nothing here renders HTML.
import { prettyJsonText } from '@/lib/panel/format';
import styles from './transcript.module.css';

const FOLD_AT = 4_000;

export function LongText({ text, testId, json = false }: { text: string; testId?: string; json?: boolean }) {
  const shown = json ? prettyJsonText(text) : text;
  if (shown.length <= FOLD_AT) return <pre data-testid={testId}>{shown}</pre>;
  return (
    <div data-testid={testId}>
      <pre>{`${shown.slice(0, FOLD_AT)}…`}</pre>
      <details className={styles.longText}>
        <summary>Show all {shown.length.toLocaleString('en-US')} characters</summary>
        <pre>{shown}</pre>
      </details>
    </div>
  );
}

/** A value as the model gave it: JSON, with strings in quotes so that "42" and 42 look different. */
export function valueText(value: unknown): string {
  if (value === undefined) return '(absent)';
  return JSON.stringify(value) ?? String(value);
}

/** The conversation's final answer in its own card; nothing when it ended without one. */
export function FinalAnswer({ text }: { text: string | null }) {
  return text ? (
    <section className="card" data-testid="final-text">
      <h2>Final answer</h2>
      <pre>{text}</pre>
    </section>
  ) : null;
}
