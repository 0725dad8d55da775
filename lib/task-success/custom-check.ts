// An experiment's own task-success check, given when it is created, beside the agent's: a Python or
// shell script's text. While the experiment runs it is a file in a folder of its own, and it runs
// through the same tool executor as the agent's check (lib/task-success/check.ts), so the same
// confinement applies: the conversation's workspace writable, its own folder readable, nothing else.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { errorMessage, InputError } from '../errors';

const CUSTOM_CHECK_SOURCE_MAX = 100_000;

export const CustomCheckConfig = z.strictObject({
  /** What the verdicts are called (the `check` of each stored verdict). */
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,60}$/, 'must be 1 to 60 letters, digits, - or _'),
  language: z.enum(['python', 'bash']).default('python'),
  /**
   * The script: reads the request {arguments, context} as JSON on stdin (the agent check's), prints a tool
   * result {"outcome": "success", "result": {"success": bool, "reason": text, "details"?: {...}}} as JSON.
   */
  source: z.string().min(1, 'is empty').max(CUSTOM_CHECK_SOURCE_MAX),
});
export type CustomCheckConfig = z.infer<typeof CustomCheckConfig>;
export type CustomCheckInput = z.input<typeof CustomCheckConfig>;

/** A check's script as the executor runs it: a file, and the name its verdicts carry. */
export type CustomCheckScript = { name: string; script: string };

/** Time and output a custom check may take: those of the built-in agents' checks. */
export const CUSTOM_CHECK_LIMITS = { timeoutMs: 60_000, maxOutputBytes: 1_000_000 };

/**
 * The command line's --check-script FILE: the language from its extension (.py or .sh), the name
 * from its file name. A file that cannot be read or is of another type is an InputError.
 */
export function customCheckFromFile(file: string): CustomCheckInput {
  const extension = path.extname(file).toLowerCase();
  const language = extension === '.py' ? 'python' : extension === '.sh' ? 'bash' : null;
  if (!language) throw new InputError(`--check-script "${file}" must be a .py or .sh file`);
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read --check-script "${file}": ${errorMessage(error)}`, [], { cause: error });
  }
  const name =
    path
      .basename(file, extension)
      .replace(/[^A-Za-z0-9_-]/g, '_')
      .slice(0, 60) || 'check';
  return { name, language, source };
}

/** Writes the script into a new folder of its own; `remove` deletes the folder once the run ends. */
export function writeCustomCheck(config: CustomCheckConfig): CustomCheckScript & { remove(): void } {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'remora-check-'));
  // The confined check runs as the sandbox's own user (lib/tools/sandbox/drop.ts), which must read it.
  chmodSync(folder, 0o755);
  const script = path.join(folder, config.language === 'python' ? 'check.py' : 'check.sh');
  writeFileSync(script, config.source, { mode: 0o644 });
  return { name: config.name, script, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
