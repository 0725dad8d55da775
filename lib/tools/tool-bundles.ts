// A TypeScript tool is bundled (lib/build/tool-module.ts) by the pool's process, before a worker
// imports it: a compiled worker has no TypeScript loader, and a worker's sandbox cannot write the
// build folder, and must not, since Remora's own compiled code lives there. A worker started through
// tsx imports the same bundle, so that any worker can take any call.
import { fileURLToPath } from 'node:url';
import { compiledToolModule } from '../build/tool-module';
import { errorMessage } from '../errors';

const TYPESCRIPT = /\.(ts|mts|cts)$/;
/** How long a bundle is used before its sources are checked again (a tool edited while the panel runs). */
const RECHECK_MS = 5_000;

export type Bundle = { ok: true; module: string } | { ok: false; error: string };

export class ToolBundles {
  private readonly known = new Map<string, { bundle: Promise<Bundle>; at: number }>();

  /** `folder`: where bundles are written (.build/tools), inside what a worker's sandbox reads. */
  constructor(private readonly folder: string) {}

  /** The bundle to import for `script`, or null when the worker imports the script itself (JavaScript). */
  bundleFor(script: string): Promise<Bundle> | null {
    if (!TYPESCRIPT.test(script)) return null;
    const cached = this.known.get(script);
    if (cached && Date.now() - cached.at < RECHECK_MS) return cached.bundle;
    const bundle = compiledToolModule(script, this.folder).then(
      (url): Bundle => ({ ok: true, module: fileURLToPath(url) }),
      (error: unknown): Bundle => ({ ok: false, error: errorMessage(error) }),
    );
    this.known.set(script, { bundle, at: Date.now() });
    return bundle;
  }
}
