// Python's own compile() of a source, as a `python -I -S -c` program that writes nothing (py_compile
// writes byte code). A file's own bytes, read by path (argv[2]), so that Python applies its coding
// declaration (PEP 263) to what is really on disk. Text without a file (pasted code) comes on stdin
// and is compiled as text: it has no bytes of its own, and compile() ignores a declaration in text.
// After -c every argument is the program's, never an option.
const COMPILE_PROGRAM = [
  'import sys',
  'source = open(sys.argv[2], "rb").read() if len(sys.argv) > 2 else sys.stdin.buffer.read().decode("utf-8")',
  'compile(source, sys.argv[1], "exec")',
].join('\n');

/**
 * The interpreter's arguments that compile `fileName` (the name errors give), from `file` when there is
 * one, else from stdin. -S: compile() needs no installed package, and importing site (site-packages and
 * their .pth files) was most of each check's start-up, about 45 ms of CPU against 16 ms without.
 */
export function compileArguments(fileName: string, file: string | null): string[] {
  return ['-I', '-S', '-c', COMPILE_PROGRAM, fileName, ...(file ? [file] : [])];
}
