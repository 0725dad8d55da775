// When Remora runs compiled, a TypeScript tool is bundled (lib/build/tool-module.ts) by the pool's
// process, before a worker imports it: a worker's sandbox cannot write the build folder, and must
// not, since Remora's own compiled code lives there.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFolder } from '../build/compiled';
import { compiledToolModule } from '../build/tool-module';
import { errorMessage } from '../errors';

const TYPESCRIPT = /\.(ts|mts|cts)$/;
/** How long a bundle is used before its sources are checked again (a tool edited while the panel runs). */
const RECHECK_MS = 5_000;

export type Bundle = { ok: true; module: string } | { ok: false; error: string };

export class ToolBundles {
  private readonly known = new Map<string, { bundle: Promise<Bundle>; at: number }>();

  /** The bundle to import for `script`, or null when the worker imports the script itself (running from sources). */
  bundleFor(script: string): Promise<Bundle> | null {
    const build = buildFolder();
    if (!build || !TYPESCRIPT.test(script)) return null;
    const cached = this.known.get(script);
    if (cached && Date.now() - cached.at < RECHECK_MS) return cached.bundle;
    const bundle = compiledToolModule(script, path.join(build, 'tools')).then(
      (url): Bundle => ({ ok: true, module: fileURLToPath(url) }),
      (error: unknown): Bundle => ({ ok: false, error: errorMessage(error) }),
    );
    this.known.set(script, { bundle, at: Date.now() });
    return bundle;
  }
}
