import { openDatabase } from '../lib/db/client';
import { searchConversations } from '../lib/db/queries/conversation-search';
import { searchAllConversations } from '../lib/db/queries/global-search';
const database = openDatabase('/tmp/panel/bench.db');
const client = database.$client as any;
const prepare = client.prepare.bind(client);
const log: [number, string][] = [];
client.prepare = (source: string) => {
  const statement = prepare(source);
  for (const method of ['all', 'get', 'run', 'raw'] as const) {
    const original = statement[method]?.bind(statement);
    if (!original) continue;
    statement[method] = (...args: unknown[]) => {
      const started = performance.now();
      const result = original(...args);
      if (method !== 'raw') log.push([performance.now() - started, source.replace(/\s+/g, ' ').slice(0, 230)]);
      return result;
    };
  }
  return statement;
};
const id = (database.$client.prepare('select id from experiments order by total_conversations desc limit 1').get() as { id: string }).id;
const cases: Record<string, () => unknown> = {
  'one q=ping': () => searchConversations(database, id, { text: 'ping' }),
  'one argument=ping': () => searchConversations(database, id, { argument: 'ping' }),
  'one q=ping p20': () => searchConversations(database, id, { text: 'ping', after: { variantIndex: 0, slot: 5000 } }),
  'all q=ping errorKind': () => searchAllConversations(database, { text: 'ping', errorKind: 'tool_failed' }),
  'all tool arg': () => searchAllConversations(database, { tool: 'simple_tool', argument: 'payload=ping' }),
  'all phrase': () => searchAllConversations(database, { text: '"upstream timed out"' }),
};
for (const name of process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(cases)) {
  cases[name]();
  log.length = 0;
  const started = performance.now();
  cases[name]();
  console.log(`${name}: ${(performance.now() - started).toFixed(1)} ms`);
  for (const [ms, source] of log) if (ms > 1) console.log(`   ${ms.toFixed(1).padStart(6)}  ${source}`);
}
