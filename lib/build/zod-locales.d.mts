// Types of zod-locales.mjs (plain JavaScript, shared with scripts/cli-build.mjs).
import type { Plugin } from 'esbuild';

/** An esbuild plugin: zod's `locales` namespace holds English alone in a bundle. */
export const englishOnlyZodLocales: Plugin;

/** The namespace of the plugin's one module: metafile inputs that start with it and ':' are not files. */
export const ZOD_LOCALES_NAMESPACE: string;
