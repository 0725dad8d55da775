// The environment of a confined process: a fixed minimum and what the caller names, never Remora's
// own (API keys, REMORA_TOKEN and the like stay outside).

const BASE_ENVIRONMENT: Readonly<Record<string, string>> = {
  PATH: '/usr/local/bin:/usr/bin:/bin',
  HOME: '/tmp',
  TMPDIR: '/tmp',
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
};

/** The base environment with `extra` on top, typed as a process environment for spawn. */
export function sandboxEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...BASE_ENVIRONMENT, ...extra } as NodeJS.ProcessEnv;
}
