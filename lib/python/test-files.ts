// Test files in a workspace: where a module's tests live by convention and which tests a file defines.
import { listDefinitions } from './definitions';
import { withPythonTree, syntaxProblems, type SyntaxProblem } from './parser';

/** Conventional places of a module's tests, relative to the workspace. */
export function testFileCandidates(module: string): string[] {
  return [`test_${module}.py`, `${module}_test.py`, `tests/test_${module}.py`, `tests/${module}_test.py`];
}

export function isTestFileName(fileName: string): boolean {
  const base = fileName.split('/').pop() ?? fileName;
  return /^test_.*\.py$/.test(base) || /^.+_test\.py$/.test(base);
}

export type TestFileFacts = { tests: string[]; problems: SyntaxProblem[]; importsModule: boolean };

/**
 * The tests pytest would collect by name (test_* functions, Test* classes' test_* methods), and whether the file
 * imports `module`.
 */
export function readTestFile(source: string, module: string | null): Promise<TestFileFacts> {
  return withPythonTree(source, (root) => {
    const tests = listDefinitions(root)
      .filter((definition) => definition.kind !== 'class' && definition.name.startsWith('test'))
      .filter((definition) => definition.className === null || /^Test/.test(definition.className.split('.')[0]))
      .map((definition) => definition.qualifiedName);
    const importsModule =
      module !== null &&
      root.namedChildren.some((statement) => {
        if (statement.type === 'import_from_statement')
          return statement.childForFieldName('module_name')?.text === module;
        if (statement.type === 'import_statement')
          return statement.namedChildren.some((name) => name.text === module || name.text.startsWith(`${module} `));
        return false;
      });
    return { tests, problems: syntaxProblems(root), importsModule };
  });
}
