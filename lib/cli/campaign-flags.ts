// `remora campaign ...`'s subcommands and flags (each command's code is loaded only when it runs).
import type { Command } from 'commander';
import { LIMITS } from '../protocol/limits';
import { byteSize, collect, databaseOption, integerIn, positiveInteger, requestTimeoutsFlag } from './flag-values';

type CampaignCommand = Exclude<keyof typeof import('./campaign-command'), 'default'>;

/**
 * The action of a subcommand that runs `name` of campaign-command.ts, loaded only then. Commander
 * passes the arguments, the options and last the Command itself, which the commands do not take.
 */
function campaignAction(name: CampaignCommand) {
  return async (...args: unknown[]) => {
    const commands = (await import('./campaign-command')) as unknown as Record<
      CampaignCommand,
      (...args: unknown[]) => Promise<number>
    >;
    process.exitCode = await commands[name](...args.slice(0, -1));
  };
}

/** `campaign run`: its flags are many (the endpoint's, the campaign's own), so it has a function of its own. */
function addRunCommand(campaign: Command): void {
  campaign
    .command('run')
    .description(
      'Run an agent over every Python node of a repository ' +
        '(resumes the unfinished campaign with the same settings). Never writes the repository.',
    )
    .requiredOption('--agent <name>', 'agent name (a folder under agents/)')
    .requiredOption('--repo <path>', 'the repository (or a folder in it)')
    .option('--variant <name=file>', 'the system prompt to use: a name and a file holding it (once)', collect, [])
    .option(
      '--exclude <glob>',
      'leave out files matching this glob, relative to the repository (repeatable; .gitignore is honoured too)',
      collect,
      [],
    )
    .requiredOption('--base-url <url>', 'OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1')
    .requiredOption('--model <name>', 'model name to send')
    .option('--concurrency <n>', 'nodes at once', integerIn(LIMITS.concurrency), 4)
    .option('--api-key-env <name>', 'environment variable that holds the API key')
    .option(
      '--request-timeout <spec>',
      'seconds one request to the server may take: a total ("300"), or parts ' +
        '"first-byte=60,idle=30,total=300" (the defaults)',
      requestTimeoutsFlag,
    )
    .option(
      '--context-tokens <n>',
      "the model's context size in tokens: nodes that cannot fit are skipped with the reason",
      positiveInteger,
    )
    .option('--max-file-bytes <n>', 'skip files larger than this (with the reason)', positiveInteger)
    .option('--unsafe-fixes', "let the lint agent apply ruff's unsafe fixes too", false)
    .option(
      '--workspace-limit <size>',
      "what one tool call's workspace may hold (tools and the tests they run), e.g. 256MiB (the default) or 1GiB",
      byteSize(LIMITS.workspaceBytes),
    )
    .option('--agents-dir <dir>', 'agents folder', 'agents')
    .addOption(databaseOption())
    .option('--json', 'print only {id, files, nodes, conversations, changes} on stdout', false)
    .action(async (options) => {
      const { runCampaignCommand } = await import('./campaign-run-command');
      process.exitCode = await runCampaignCommand(options);
    });
}

/** `apply` and `test`: both run the repository's own tests, in the sandbox unless told otherwise. */
function addApplyAndTestCommands(campaign: Command): void {
  campaign
    .command('apply <id>')
    .description(
      'Write the accepted changes into the working tree, or commit them on a new branch (one commit per file); ' +
        'refuses, naming each file, when a file changed since the campaign read it.',
    )
    .option('--branch <name>', 'commit on this new branch instead of writing the working tree')
    .option(
      '--test-command <command>',
      'then run the repository\'s own tests (e.g. "python3 -m pytest -q") on a copy, in the sandbox, ' +
        'and store the result',
    )
    .option(
      '--unsafe-no-sandbox',
      'where bubblewrap is missing, run the test command (and the tests the model wrote) anyway, with your own rights',
      false,
    )
    .option(
      '--workspace-limit <size>',
      "what the test command may write beyond the repository's copy, e.g. 256MiB (the default) or 1GiB",
      byteSize(LIMITS.workspaceBytes),
    )
    .addOption(databaseOption())
    .action(campaignAction('applyCommand'));

  campaign
    .command('test <id>')
    .description("Run the repository's own test command (after apply) and store its result with the campaign.")
    .requiredOption(
      '--command <command>',
      'the test command, run from the repository root (on a copy, in the sandbox, without network)',
    )
    .option('--branch <name>', 'run it on a copy of this branch instead of the working tree')
    .option(
      '--unsafe-no-sandbox',
      'where bubblewrap is missing, run the test command (and the tests the model wrote) anyway, with your own rights',
      false,
    )
    .option(
      '--workspace-limit <size>',
      "what the test command may write beyond the repository's copy, e.g. 256MiB (the default) or 1GiB",
      byteSize(LIMITS.workspaceBytes),
    )
    .addOption(databaseOption())
    .action(campaignAction('testCommand'));
}

export function addCampaignCommands(program: Command): void {
  const campaign = program
    .command('campaign')
    .description('Run an agent over every node of a repository, review each change, apply the accepted ones.');

  addRunCommand(campaign);

  campaign
    .command('list')
    .description('The campaigns in the database.')
    .addOption(databaseOption())
    .option('--json', 'print JSON', false)
    .action(campaignAction('listCommand'));

  campaign
    .command('show <id>')
    .description(
      'A campaign: counts of nodes found, ran and skipped (with reasons), and its changes with their checks.',
    )
    .addOption(databaseOption())
    .option('--json', 'print JSON (every change with its diff and checks)', false)
    .action(campaignAction('showCommand'));

  campaign
    .command('accept <id> [changeIds...]')
    .description(
      'Accept changes by id, or every change whose checks all pass; overlapping changes are refused with both named.',
    )
    .option('--all-passing', 'accept every pending change whose checks all pass', false)
    .option(
      '--include-destructive',
      'with --all-passing, also accept changes whose only failed check is "preserved" (they remove or shrink ' +
        'existing docstrings, tests or code)',
      false,
    )
    .addOption(databaseOption())
    .action(campaignAction('acceptCommand'));

  campaign
    .command('reject <id> <changeIds...>')
    .description('Reject changes by id.')
    .addOption(databaseOption())
    .action(campaignAction('rejectCommand'));

  campaign
    .command('export <id>')
    .description("Write the accepted changes as one patch that `git apply` takes on the campaign's commit.")
    .requiredOption('--out <file>', 'the patch file to write')
    .addOption(databaseOption())
    .action(campaignAction('exportCommand'));

  addApplyAndTestCommands(campaign);
}
