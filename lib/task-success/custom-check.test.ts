import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CustomCheckConfig, customCheckFromFile, writeCustomCheck } from './custom-check';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'custom-check-test-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('customCheckFromFile (--check-script)', () => {
  it('reads a .py or .sh file, its name from the file name', () => {
    const file = path.join(folder, 'echo ran.py');
    writeFileSync(file, 'print(1)\n');
    expect(customCheckFromFile(file)).toEqual({ name: 'echo_ran', language: 'python', source: 'print(1)\n' });
    const shell = path.join(folder, 'ok.sh');
    writeFileSync(shell, 'echo {}\n');
    expect(customCheckFromFile(shell)).toMatchObject({ name: 'ok', language: 'bash' });
  });

  it('refuses another type or a missing file in one line', () => {
    expect(() => customCheckFromFile(path.join(folder, 'check.rb'))).toThrow('must be a .py or .sh file');
    expect(() => customCheckFromFile(path.join(folder, 'missing.py'))).toThrow(/^cannot read --check-script/);
  });
});

describe('writeCustomCheck', () => {
  it('writes the script in a folder of its own that the sandbox user can read, and removes it', () => {
    const written = writeCustomCheck(CustomCheckConfig.parse({ name: 'c', source: 'print(2)' }));
    expect(path.basename(written.script)).toBe('check.py');
    expect(readFileSync(written.script, 'utf8')).toBe('print(2)');
    expect(statSync(path.dirname(written.script)).mode & 0o005).toBe(0o005);
    written.remove();
    expect(existsSync(path.dirname(written.script))).toBe(false);
  });
});
