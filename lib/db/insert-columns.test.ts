// The hot insert's column lists come from the drizzle tables: a column added to a table and not
// written (nor left to its default on purpose) stops the module from loading.
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { positionalInsert } from './insert-columns';
import { INSERT_STATEMENTS } from './insert-statements';
import { openTemporaryDatabase } from './testing/temporary-database';

const notes = sqliteTable('notes', {
  id: integer('id').primaryKey(),
  noteText: text('note_text').notNull(),
  createdAt: integer('created_at').notNull(),
});

describe('positionalInsert', () => {
  it('names the columns as the table spells them, in the order the values are bound', () => {
    expect(positionalInsert(notes, ['createdAt', 'noteText'], ['id'])).toBe(
      'insert into "notes" ("created_at", "note_text") values (?, ?)',
    );
  });

  it('refuses a table column that is neither written nor left to its default', () => {
    // The type check refuses this too; the cast stands for a column added without touching the list.
    const written = ['noteText'] as unknown as ['noteText', 'createdAt'];
    expect(() => positionalInsert(notes, written, ['id'])).toThrow(
      'notes: column created_at is neither written by the insert nor left to its default',
    );
  });

  it('refuses a name that is no column of the table', () => {
    const written = ['noteText', 'createdAt', 'missing'] as unknown as ['noteText', 'createdAt'];
    expect(() => positionalInsert(notes, written, ['id'])).toThrow('notes has no column missing');
  });
});

describe("the conversation inserter's statements", () => {
  it('write every column of their tables but the generated ids', () => {
    const temporary = openTemporaryDatabase();
    try {
      const client = temporary.database.$client;
      for (const sql of Object.values(INSERT_STATEMENTS)) {
        const [, table, list] = /^insert into "(\w+)" \(([^)]*)\)/.exec(sql) ?? [];
        const named = list.split(', ').map((column) => column.replaceAll('"', ''));
        const columns = (
          client.prepare(`select name, pk from pragma_table_info('${table}')`).all() as {
            name: string;
            pk: number;
          }[]
        ).filter((column) => !(column.pk && column.name === 'id' && table !== 'conversations'));
        expect(named.toSorted(), table).toEqual(columns.map((column) => column.name).toSorted());
      }
    } finally {
      temporary.dispose();
    }
  });
});
