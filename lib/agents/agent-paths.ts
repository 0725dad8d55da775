// An agent definition names files of its own folder only: tool and check scripts, inputs, datasets.
// Its name becomes a folder name. Imported definitions are untrusted, so none of these may point
// anywhere else, whether by an absolute path, by "..", or by a symbolic link; and a script is run
// by an interpreter Remora picks from its file type, so it must be a type Remora knows.
import { existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isWithin } from '../tools/sandbox/paths';
import { interpreterFor, isModuleScript } from '../tools/script-kinds';

const AGENT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export const AgentName = z
  .string()
  .trim()
  .regex(
    AGENT_NAME_PATTERN,
    'must be a plain name of up to 64 letters, digits, "-" and "_", starting with a letter or digit ' +
      "(it names the agent's folder)",
  );

/** Why a path written in a definition is not a plain path inside the agent's folder; null when it is. */
function relativePathIssue(value: string): string | null {
  if (value.includes('\0')) return 'must not contain a NUL character';
  if (path.isAbsolute(value) || /^[A-Za-z]:[\\/]/.test(value) || value.startsWith('\\'))
    return "must be a path inside the agent's folder, relative to it, not an absolute path";
  if (value.split(/[\\/]/).includes('..')) return 'must stay inside the agent\'s folder (no ".." in it)';
  return null;
}

/** A path field of a definition: relative to the agent's folder and never leaving it. */
export const RelativePath = z
  .string()
  .trim()
  .min(1)
  .superRefine((value, context) => {
    const issue = relativePathIssue(value);
    if (issue) context.addIssue({ code: 'custom', message: issue });
  });

const SCRIPT_TYPES = '.ts, .js, .mjs or .mts (run in a tool worker), .py (Python) or .sh (bash)';

/** Where `relative` really is once links are followed, when that is inside `folder`; else why not. */
function insideFolder(folder: string, relative: string): { ok: true; file: string } | { ok: false; problem: string } {
  const issue = relativePathIssue(relative);
  if (issue) return { ok: false, problem: issue };
  const file = path.resolve(folder, relative);
  let real: string;
  let realFolder: string;
  try {
    realFolder = realpathSync(folder);
    real = realpathSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      ok: false,
      problem:
        code === 'ENOENT'
          ? `does not exist (looked for ${file})`
          : `cannot be read (${file}): ${(error as Error).message}`,
    };
  }
  if (!isWithin(realFolder, real))
    return { ok: false, problem: `leads outside the agent's folder through a symbolic link (to ${real})` };
  return { ok: true, file: real };
}

/** Problems of a tool's or a check's script: inside the folder, a regular file, of a type Remora runs. */
export function scriptProblem(folder: string, script: string): string | null {
  if (!isModuleScript(script) && !interpreterFor(script))
    return (
      `is not a script Remora runs: tool scripts are ${SCRIPT_TYPES}, ` +
      'and Remora picks the interpreter from that type'
    );
  const inside = insideFolder(folder, script);
  if (!inside.ok) return inside.problem;
  // The folder is the user's, known only at run time: nothing for the panel's bundler to trace.
  return statSync(/*turbopackIgnore: true*/ inside.file).isFile() ? null : `is not a file (${inside.file})`;
}

/**
 * Problems of a data file the definition names (inputs, dataset): inside the folder (a missing one
 * is the loader's to report).
 */
export function dataFileProblem(folder: string, file: string): string | null {
  if (!existsSync(path.resolve(folder, file)) && !relativePathIssue(file)) return null;
  const inside = insideFolder(folder, file);
  return inside.ok ? null : inside.problem;
}
