import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkAgainstSignature, checkFormat, readFixtures, serializeFixtures, verifyRoundTrip } from './fixtures';
import type { Parameter } from './signature';

function hasPyYaml(): boolean {
  try {
    execFileSync('python3', ['-c', 'import yaml'], { stdio: 'ignore' });
    return true;
  } catch {
    // A probe: no python3 or no PyYAML on this machine means the check does not apply.
    return false;
  }
}

const cases = [
  { weight_kg: 1.5, method: 'express', country: 'FR', note: 'Grüße: "quoted" \\ and \n newline' },
  { weight_kg: 0.2, method: 'pickup', country: 'GB', tags: ['a', 'b'], extra: null, yes: 'yes', number_text: '012' },
];

describe('fixture files', () => {
  it("writes JSON and YAML that load back with the json and yaml libraries (and Python's json)", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'remora-fixtures-'));
    try {
      for (const format of ['json', 'yaml'] as const) {
        const text = serializeFixtures(cases, format);
        expect(verifyRoundTrip(cases, text, format)).toBeNull();
        const file = path.join(folder, `cases.${format}`);
        await writeFile(file, text);
        const loaded =
          format === 'json' ? JSON.parse(await readFile(file, 'utf8')) : parseYaml(await readFile(file, 'utf8'));
        expect(loaded).toEqual(cases);
        if (format === 'yaml') expect(parseYaml(await readFile(file, 'utf8'), { version: '1.1' })).toEqual(cases);
      }
      // Strings that look like other YAML types ("yes", "012") must stay strings.
      expect(serializeFixtures(cases, 'yaml')).toContain('"yes": "yes"');
      expect(serializeFixtures(cases, 'yaml')).toContain('number_text: "012"');
      const fromPython = execFileSync(
        'python3',
        [
          '-c',
          'import json,sys; print(json.dumps(json.load(open(sys.argv[1])), sort_keys=True))',
          path.join(folder, 'cases.json'),
        ],
        { encoding: 'utf8' },
      );
      expect(JSON.parse(fromPython)).toEqual(cases);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  // PyYAML reads YAML 1.1, where yes/no/on/off are booleans: the file must still hold strings for it.
  it.skipIf(!hasPyYaml())('writes YAML that PyYAML loads back unchanged', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'remora-fixtures-'));
    try {
      const file = path.join(folder, 'cases.yaml');
      await writeFile(file, serializeFixtures(cases, 'yaml'));
      const fromPython = execFileSync(
        'python3',
        ['-c', 'import json,sys,yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))', file],
        { encoding: 'utf8' },
      );
      expect(JSON.parse(fromPython)).toEqual(cases);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('accepts fixtures as data or as JSON/YAML text, and refuses anything else', () => {
    expect(readFixtures(cases)).toEqual({ ok: true, value: cases });
    expect(readFixtures(JSON.stringify(cases))).toEqual({ ok: true, value: cases });
    expect(readFixtures('- a: 1\n- a: 2\n')).toEqual({ ok: true, value: [{ a: 1 }, { a: 2 }] });
    expect(readFixtures('just words')).toMatchObject({ ok: false });
    expect(readFixtures(42)).toMatchObject({ ok: false });
    expect(readFixtures('')).toMatchObject({ ok: false });
    expect(readFixtures('[1, 2')).toMatchObject({ ok: false });
  });

  it('validates the format', () => {
    expect(checkFormat('YAML')).toEqual({ ok: true, value: 'yaml' });
    expect(checkFormat('json')).toEqual({ ok: true, value: 'json' });
    expect(checkFormat('xml')).toEqual({ ok: false, error: 'format must be "json" or "yaml", not "xml"' });
    expect(checkFormat(3)).toMatchObject({ ok: false });
  });

  it('checks sample calls against the signature', () => {
    const parameters: Parameter[] = [
      { name: 'weight_kg', kind: 'positional_or_keyword', type: 'float', default: null, required: true },
      { name: 'method', kind: 'positional_or_keyword', type: 'str', default: '"standard"', required: false },
      { name: 'coupon', kind: 'positional_or_keyword', type: 'Optional[str]', default: 'None', required: false },
    ];
    expect(checkAgainstSignature([{ weight_kg: 2, method: 'express', coupon: null }], parameters)).toEqual([]);
    expect(checkAgainstSignature([{ method: 3, colour: 'red' }, 'text'], parameters)).toEqual([
      'fixture 0: "method" should be str, got int',
      'fixture 0: "colour" is not a parameter',
      'fixture 0: required parameter "weight_kg" is missing',
      'fixture 1 is a string, not an object of parameter values',
    ]);
    expect(checkAgainstSignature({ light: { weight_kg: 0.5 }, heavy: { weight_kg: 'x' } }, parameters)).toEqual([
      'fixture "heavy": "weight_kg" should be float, got string',
    ]);
  });
});
