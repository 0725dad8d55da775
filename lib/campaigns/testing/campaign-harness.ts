// Test support: a scratch repository (a git repository with one commit) and a campaign run in
// process over it, through the real HTTP client, worker pool, workspaces and SQLite.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadAgent } from '../../agents/load';
import type { RemoraDatabase } from '../../db/client';
import type { ChatRequest } from '../../protocol/messages';
import { PROJECT_ROOT } from '../../python/testing/agent-conversation';
import type { ToolExecutor } from '../../tools/protocol';
import { openCampaign, type CampaignSettings } from '../create';
import { runCampaign } from '../run';
import { startPolicyServer } from './agent-policies';

/** Writes the files (path -> text or bytes) into a new git repository with one commit. */
export function scratchRepository(files: Record<string, string | Buffer>, folders: string[]): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'remora-repo-'));
  folders.push(root);
  for (const [relative, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), content);
  }
  execFileSync('git', ['init', '-q', root]);
  execFileSync('git', ['-C', root, 'add', '-A']);
  execFileSync('git', [
    '-C',
    root,
    '-c',
    'user.name=test',
    '-c',
    'user.email=test@localhost',
    'commit',
    '-qm',
    'start',
  ]);
  return root;
}

export function removeFolders(folders: string[]): void {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}

export async function runCampaignOver(options: {
  database: RemoraDatabase;
  repo: string;
  agent: string;
  policy: (request: ChatRequest) => Record<string, unknown>;
  tools: ToolExecutor;
  settings?: Partial<CampaignSettings>;
}) {
  const server = await startPolicyServer(options.policy);
  try {
    const agent = (await loadAgent(path.join(PROJECT_ROOT, 'agents', options.agent))).toRuntime();
    const { campaign } = await openCampaign(options.database, {
      agent,
      variant: { name: 'baseline', systemPrompt: agent.systemPrompt },
      repo: options.repo,
      endpoint: { baseUrl: server.baseUrl, model: 'functiongemma' },
      concurrency: 2,
      settings: options.settings,
    });
    const result = await runCampaign(options.database, campaign.id, { tools: options.tools }).done;
    return { campaign, result, requests: server.requests };
  } finally {
    await server.close();
  }
}
