// Types of current-build.mjs (plain JavaScript, shared with scripts/cli-build.mjs).

/** The folder (.build/cli-ID) of the compiled build of the project at `root`, or null when missing or stale. */
export function currentBuild(root: string): string | null;
