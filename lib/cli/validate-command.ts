// `remora validate [--agents-dir DIR]`: checks every agent definition, one line per agent and a clear line per problem.
import path from 'node:path';
import { loadAgents } from '../agents/load';
import { plural } from '../plural';

export type ValidateOptions = { agentsDir: string };
export type ValidateOutput = { stdout: string; stderr: string; exitCode: number };

export async function runValidateCommand(options: ValidateOptions): Promise<ValidateOutput> {
  const { agents, problems } = await loadAgents(options.agentsDir);
  // Paths inside the current folder are shown relative to it, others in full.
  const shown = (file: string) => {
    const relative = path.relative(process.cwd(), file);
    return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
  };
  const entries = [
    ...agents.map((agent) => ({
      folder: path.basename(agent.folder),
      lines: [
        `ok     ${agent.name} (${shown(agent.file)}): ` +
          `${plural(agent.definition.tools.length, 'tool')}, ${plural(agent.inputs.length, 'input')}`,
        ...agent.warnings.map((warning) => `  warning: ${warning}`),
      ],
    })),
    ...problems.map((problem) => ({
      folder: problem.agent,
      lines: [
        `error  ${problem.agent} (${shown(problem.file)}): ${plural(problem.problems.length, 'problem')}`,
        ...problem.problems.map((text) => `  - ${text}`),
        ...problem.warnings.map((warning) => `  warning: ${warning}`),
      ],
    })),
  ].sort((a, b) => a.folder.localeCompare(b.folder));

  const total = agents.length + problems.length;
  if (total === 0) {
    return { stdout: '', stderr: `validate: no agent folders found in ${options.agentsDir}`, exitCode: 1 };
  }
  const stdout = `${entries.flatMap((entry) => entry.lines).join('\n')}\n`;
  if (problems.length > 0) {
    const agentsWithErrors = problems.length === 1 ? '1 agent has' : `${problems.length} agents have`;
    return { stdout, stderr: `validate: ${agentsWithErrors} errors (${total} checked)`, exitCode: 1 };
  }
  return { stdout, stderr: '', exitCode: 0 };
}
