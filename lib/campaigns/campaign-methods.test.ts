// Methods get tests (issue 27, item 3): a test campaign offers a method whose instance its class's
// own constructor builds (and static methods, called on the class), and skips the others with the
// reason; `campaign show` says how many were offered and why the others were not. Real engine:
// HTTP to a scripted model, tool workers, workspaces, pytest, SQLite.
import { describe, expect, it, vi } from 'vitest';
import { listChanges } from '../db/queries/campaign-changes';
import { listNodes } from '../db/queries/campaign-nodes';
import { showCommand } from '../cli/campaign-command';
import { testPolicy } from './testing/agent-policies';
import { scratchRepository } from './testing/campaign-harness';
import { CAMPAIGN_TIMEOUT_MS, campaignSuite } from './testing/campaign-suite';

const { folders, database, databaseFile, run } = campaignSuite();

const SHAPES = `import abc
from socketserver import BaseServer


class Counter:
    def __init__(self, start=0):
        self.start = start

    def value(self):
        return self.start + 1

    @staticmethod
    def zero():
        return 0


class Shape(abc.ABC):
    @abc.abstractmethod
    def area(self):
        ...

    def describe(self):
        return "shape"


class Remote(BaseServer):
    def ping(self):
        return 1
`;

describe('a test campaign over methods', () => {
  it(
    'tests the methods whose instance can be built, and says why the others were not offered',
    async () => {
      const repo = scratchRepository({ 'shapes.py': SHAPES }, folders);
      const { campaign } = await run({ repo, agent: 'test', policy: testPolicy((name) => `${name}() == ${name}()`) });
      const { changes } = listChanges(database(), campaign.id);
      expect(changes.map((change) => [change.nodeName, change.checksPassed])).toEqual([
        ['Counter.__init__', true],
        ['Counter.value', true],
        ['Counter.zero', true],
      ]);
      expect(changes[1].diff).toContain('+    instance = Counter()');
      expect(
        listNodes(database(), campaign.id, { status: 'skipped' }).map((node) => [node.name, node.skipReason]),
      ).toEqual([
        ['Shape.area', expect.stringMatching(/^abstract class: Shape is abstract/)],
        ['Shape.describe', expect.stringMatching(/^abstract class: /)],
        ['Remote.ping', expect.stringMatching(/^unknown constructor: Remote inherits its constructor from BaseServer/)],
      ]);

      const printed: string[] = [];
      const write = vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
        printed.push(String(text));
        return true;
      });
      try {
        expect(await showCommand(campaign.id, { db: databaseFile(), json: false })).toBe(0);
      } finally {
        write.mockRestore();
      }
      expect(printed.join('')).toContain(
        'methods: 3 of 6 offered; not offered: 2 abstract class, 1 unknown constructor',
      );
    },
    CAMPAIGN_TIMEOUT_MS,
  );
});
