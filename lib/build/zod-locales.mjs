// An esbuild plugin for the command line's build and the tool bundles: zod's entry points re-export all
// of its sixty-odd locales (`z.locales`), about 370 KB that each process loading a bundle compiled at
// start, though Remora only uses English, zod's default, which its schemas import on their own. The
// command line's start and each tool bundle's load spent about 14 ms of CPU on them. With this plugin
// zod's `locales` namespace holds English alone. Plain JavaScript, shared with scripts/cli-build.mjs.
import path from 'node:path';

/** The plugin's module lives in this namespace: the bundle's metafile lists it as `NAMESPACE:path`, not a file. */
export const ZOD_LOCALES_NAMESPACE = 'zod-english-locales';

export const englishOnlyZodLocales = {
  name: 'english-only-zod-locales',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: path.join(path.dirname(args.importer), '../locales/en.js'), namespace: ZOD_LOCALES_NAMESPACE }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: ZOD_LOCALES_NAMESPACE }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};\n`,
      resolveDir: path.dirname(args.path),
    }));
  },
};
