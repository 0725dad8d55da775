// Test support: a repository that tries to run its own programs through git. Its .git/config sets
// core.fsmonitor, a smudge/clean filter and a process filter for *.py (through .gitattributes), a
// textconv and an external diff, a pager, an editor, commit signing with its own gpg program; its
// .git/hooks hold every hook git knows. A global configuration (GIT_CONFIG_GLOBAL) and environment
// variables git reads (GIT_PAGER, GIT_EXTERNAL_DIFF...) try the same from the caller's side. Each
// program writes a marker file named after itself into a folder outside the repository.
import { chmodSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scratchRepository } from '../lib/campaigns/testing/campaign-harness';

const HOOKS = [
  'applypatch-msg',
  'pre-applypatch',
  'post-applypatch',
  'pre-commit',
  'pre-merge-commit',
  'prepare-commit-msg',
  'commit-msg',
  'post-commit',
  'pre-rebase',
  'post-checkout',
  'post-merge',
  'pre-push',
  'pre-receive',
  'update',
  'proc-receive',
  'post-receive',
  'post-update',
  'reference-transaction',
  'push-to-checkout',
  'pre-auto-gc',
  'post-rewrite',
  'sendemail-validate',
  'fsmonitor-watchman',
  'p4-changelist',
  'p4-prepare-changelist',
  'p4-post-changelist',
  'p4-pre-submit',
  'post-index-change',
];

export type HostileRepository = { repo: string; markers: string; env: Record<string, string> };

/** A program that leaves a marker; a clean or smudge filter then passes its input through, so that it "works". */
function markerProgram(markers: string, folder: string, name: string): string {
  const file = path.join(folder, name);
  const passThrough = name === 'filter-clean' || name === 'filter-smudge' ? 'cat\n' : '';
  writeFileSync(file, `#!/bin/sh\necho "$0 $*" >> '${path.join(markers, name)}'\n${passThrough}exit 0\n`);
  chmodSync(file, 0o755);
  return file;
}

export function hostileRepository(files: Record<string, string>, folders: string[]): HostileRepository {
  const repo = scratchRepository({ ...files, '.gitattributes': '*.py filter=evil diff=evil\n' }, folders);
  const outside = path.dirname(repo);
  const markers = path.join(`${repo}-markers`);
  const programs = path.join(`${repo}-programs`);
  mkdirSync(markers);
  mkdirSync(programs);
  folders.push(markers, programs);
  const program = (name: string) => markerProgram(markers, programs, name);
  const hooks = path.join(repo, '.git', 'hooks');
  mkdirSync(hooks, { recursive: true });
  for (const hook of HOOKS) markerProgram(markers, hooks, hook);
  const config = [
    '[core]',
    `\tfsmonitor = ${program('fsmonitor')}`,
    `\tpager = ${program('core-pager')}`,
    `\teditor = ${program('core-editor')}`,
    `\tsshCommand = ${program('ssh-command')}`,
    `\taskPass = ${program('askpass')}`,
    '\tuntrackedCache = true',
    '[filter "evil"]',
    `\tclean = ${program('filter-clean')}`,
    `\tsmudge = ${program('filter-smudge')}`,
    `\tprocess = ${program('filter-process')}`,
    '[diff "evil"]',
    `\ttextconv = ${program('textconv')}`,
    `\tcommand = ${program('diff-command')}`,
    '[diff]',
    `\texternal = ${program('diff-external')}`,
    '[pager]',
    `\tlog = ${program('pager-log')}`,
    `\tls-files = ${program('pager-ls-files')}`,
    '[commit]',
    '\tgpgSign = true',
    '[gpg]',
    `\tprogram = ${program('gpg')}`,
    '[credential]',
    `\thelper = !${program('credential-helper')}`,
    '[gc]',
    '\tauto = 1',
    '\tautoDetach = false',
    '[maintenance]',
    '\tauto = true',
    '',
  ].join('\n');
  writeFileSync(path.join(repo, '.git', 'config'), `${config}`, { flag: 'a' });
  // The caller's side: a global configuration and the variables git itself reads.
  const global = path.join(outside, `${path.basename(repo)}-global.gitconfig`);
  writeFileSync(global, `[core]\n\thooksPath = ${hooks}\n\tfsmonitor = ${program('global-fsmonitor')}\n`);
  folders.push(global);
  const env = {
    GIT_CONFIG_GLOBAL: global,
    GIT_PAGER: program('env-pager'),
    GIT_EXTERNAL_DIFF: program('env-external-diff'),
    GIT_EDITOR: program('env-editor'),
    GIT_SSH_COMMAND: program('env-ssh'),
    GIT_ASKPASS: program('env-askpass'),
  };
  return { repo, markers, env };
}

/** The markers written so far: the names of the programs that ran. */
export function markersWritten(hostile: HostileRepository): string[] {
  return readdirSync(hostile.markers).sort();
}
