// Positional INSERT statements built from the drizzle tables when the module loads. The hot insert
// binds values by position (drizzle's placeholder filling costs as much again as SQLite's work), so
// its column lists must not be written out by hand beside schema.ts: here every column of the
// table is either written or named as left to its default, checked by the type checker and again
// at load, so a column added to a table cannot silently stay empty.
import { getTableColumns, getTableName, type Table } from 'drizzle-orm';

type ColumnKey<T extends Table> = keyof T['_']['columns'] & string;

/** The columns of `T` that neither list names; `never` when the two lists cover the table. */
type Uncovered<T extends Table, W extends readonly string[], D extends readonly string[]> = Exclude<
  ColumnKey<T>,
  W[number] | D[number]
>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * `insert into table (written...) values (?, ...)` for the columns named by their drizzle property
 * names, in the order their values are bound; `defaulted` are the columns the database fills.
 */
export function positionalInsert<
  T extends Table,
  const W extends readonly ColumnKey<T>[],
  const D extends readonly ColumnKey<T>[],
>(
  table: T,
  written: W & ([Uncovered<T, W, D>] extends [never] ? unknown : { missing: Uncovered<T, W, D> }),
  defaulted: D,
  suffix = '',
): string {
  const name = getTableName(table);
  const columns: Record<string, { name: string }> = getTableColumns(table);
  for (const key of [...written, ...defaulted])
    if (!Object.hasOwn(columns, key)) throw new Error(`${name} has no column ${key}`);
  const named = new Set<string>([...written, ...defaulted]);
  for (const [key, column] of Object.entries(columns))
    if (!named.has(key))
      throw new Error(`${name}: column ${column.name} is neither written by the insert nor left to its default`);
  const list = written.map((key) => quoted(columns[key].name)).join(', ');
  const values = written.map(() => '?').join(', ');
  return `insert into ${quoted(name)} (${list}) values (${values})${suffix ? ` ${suffix}` : ''}`;
}
