// A campaign over a real package (the standard library's json package in a scratch git repository)
// through the real command line, killed half way and run again, with a scripted model server that
// makes sensible calls for the docstring agent. json/encoder.py and json/__init__.py are left out
// (--exclude): the other files' 13 nodes are plenty to kill the run half way (after 5, at 3 at once),
// and each node is a conversation with real tools, three runs of them.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docstringPolicy, startPolicyServer } from '../lib/campaigns/testing/agent-policies';
import type { ScriptedServer } from '../lib/python/testing/scripted-server';
import { runCli, startCli } from './cli-process';
import { campaignArgs, git, stdlibJsonRepository, type RunJson } from './stdlib-json-repo';

const { scratch, repo } = stdlibJsonRepository();
const LEFT_OUT = ['json/encoder.py', 'json/__init__.py'];
let docServer: ScriptedServer;

beforeAll(async () => {
  docServer = await startPolicyServer(docstringPolicy, { delayMs: 40 });
}, 60_000);

afterAll(async () => {
  await docServer?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const docstringArgs = (db: string) => [
  ...campaignArgs('docstring', repo, docServer, db),
  ...LEFT_OUT.flatMap((file) => ['--exclude', file]),
];

function ranNodes(db: string): number {
  let database: Database.Database;
  try {
    database = new Database(db, { readonly: true, fileMustExist: true });
  } catch {
    return 0; // the command has not created the file yet
  }
  try {
    return (database.prepare("select count(*) as n from campaign_nodes where status = 'ran'").get() as { n: number }).n;
  } catch {
    return 0; // the schema may not exist yet while the command migrates
  } finally {
    database.close();
  }
}

describe('a campaign over a real package, from the command line', () => {
  it('killed half way and rerun: same changes, none twice; an edited file refused by name, none written', async () => {
    const whole = path.join(scratch, 'docs-whole.db');
    const reference = await runCli(docstringArgs(whole));
    expect(reference.code, reference.stderr).toBe(0);
    const expected = (JSON.parse(reference.stdout) as RunJson).changes
      .map((change) => `${change.file}|${change.node}|${change.diff}`)
      .sort();
    expect(expected.filter((change) => LEFT_OUT.some((file) => change.startsWith(`${file}|`)))).toEqual([]);

    const db = path.join(scratch, 'docs-killed.db');
    const first = startCli(docstringArgs(db));
    const deadline = Date.now() + 120_000;
    while (ranNodes(db) < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    first.child.kill('SIGKILL');
    await first.done;
    const before = ranNodes(db);
    expect(before).toBeGreaterThanOrEqual(5);
    expect(before).toBeLessThan(expected.length);

    const second = await runCli(docstringArgs(db));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('resuming unfinished campaign');
    const resumed = JSON.parse(second.stdout) as RunJson;
    expect(resumed.changes.map((change) => `${change.file}|${change.node}|${change.diff}`).sort()).toEqual(expected);
    const database = new Database(db, { readonly: true });
    const counts = database
      .prepare('select count(*) as conversations, count(distinct slot) as slots from conversations')
      .get();
    database.close();
    expect(counts).toEqual({ conversations: resumed.conversations, slots: resumed.conversations });

    expect((await runCli(['campaign', 'accept', resumed.id, '--all-passing', '--db', db])).code).toBe(0);
    const edited = resumed.changes[0].file;
    writeFileSync(path.join(repo, edited), `${readFileSync(path.join(repo, edited), 'utf8')}\n# edited by hand\n`);
    const refused = await runCli(['campaign', 'apply', resumed.id, '--db', db]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${edited} changed since the campaign read it`);
    expect(git(repo, 'status', '--porcelain').trim()).toBe(`M ${edited}`);
  }, 300_000);
});
