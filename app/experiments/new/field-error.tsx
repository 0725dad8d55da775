// A field's problems, right under it (from the form's own checks or the API's reasons).
import styles from './form.module.css';

export function FieldError({ field, errors }: { field: string; errors: Record<string, string[]> }) {
  const messages = errors[field];
  if (!messages || messages.length === 0) return null;
  return (
    <div
      className={styles.fieldError}
      id={`error-${field.replace(/\./g, '-')}`}
      role="alert"
      data-testid="field-error"
      data-field={field}
    >
      {messages.join('; ')}
    </div>
  );
}

/** Props that mark an input invalid and point it at its message. */
export function invalidProps(
  field: string,
  errors: Record<string, string[]>,
): { 'aria-invalid'?: true; 'aria-describedby'?: string; className?: string } {
  if (!errors[field]?.length) return {};
  return { 'aria-invalid': true, 'aria-describedby': `error-${field.replace(/\./g, '-')}`, className: styles.invalid };
}
