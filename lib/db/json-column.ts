import { customType } from 'drizzle-orm/sqlite-core';

/**
 * A JSON value stored as TEXT. Unlike drizzle's `text({ mode: 'json' })`, a null or undefined value
 * becomes SQL NULL on every path, including prepared statements with placeholders (drizzle's own
 * json mode would store the text 'null' there), so `IS NULL` filters mean what they say.
 */
export function jsonColumn<T>(name: string) {
  return customType<{ data: T; driverData: string | null }>({
    dataType: () => 'text',
    toDriver: (value) => (value === null || value === undefined ? null : JSON.stringify(value)),
    // The text was written by toDriver above, never by an outside party, so parsing it cannot fail
    // unless the file itself was corrupted; that is a storage fault worth an exception.
    fromDriver: (value) => (value === null ? null : JSON.parse(value)) as T,
  })(name);
}
