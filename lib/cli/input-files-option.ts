// Which files a command-line experiment's inputs may name (lib/tools/input-files.ts): under the
// agent's folder, the paths given to --python, and the folders given to --input-root. Relative
// paths are resolved against the folder the command runs in. Any other file refuses the run before
// it starts, naming the input or dataset case.
import path from 'node:path';
import { InputError } from '../errors';
import type { ConversationInput } from '../protocol/conversation';
import type { RemoraDatabase } from '../db/client';
import { datasetCasePages, plainCases } from '../db/queries/datasets';
import { caseToInput } from '../datasets/to-input';
import { inputFileProblems, type InputFiles } from '../tools/input-files';

export type InputFilesOptions = { python?: string[]; inputRoot?: string[] };

/** Problems listed at most; the count says how many there are. */
const SHOWN_PROBLEMS = 20;

export function chooseInputFiles(
  options: InputFilesOptions,
  agentFolder: string,
  inputs: ConversationInput[],
  dataset?: { database: RemoraDatabase; datasetId: string },
): InputFiles {
  const base = process.cwd();
  const roots = [agentFolder, ...(options.python ?? []), ...(options.inputRoot ?? [])].map((root) =>
    path.resolve(base, root),
  );
  const files: InputFiles = { base, roots };
  const problems = inputFileProblems(inputs, files);
  // A stored dataset's cases, a page at a time.
  if (dataset) {
    for (const page of datasetCasePages(dataset.database, dataset.datasetId)) {
      const cases = plainCases(page);
      problems.push(
        ...inputFileProblems(
          cases.map(caseToInput),
          files,
          cases.map((entry) => entry.id),
        ),
      );
    }
  }
  if (problems.length > 0)
    throw new InputError(
      `${problems.length === 1 ? 'an input names a file' : `${problems.length} inputs name files`} ` +
        'outside the folders chosen for this experiment; nothing was run',
      problems.slice(0, SHOWN_PROBLEMS),
    );
  return files;
}
