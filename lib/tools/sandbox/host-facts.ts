// What this machine offers for confining tool processes (found by host.ts): types only, so that the
// code building a sandbox's command line (command.ts) reads them without reading host.ts.

export type Confinement = 'bubblewrap' | 'none';

export type PythonInfo = {
  /** The interpreter as it names itself (past a pyenv shim; a venv's own link, which is how Python finds the venv). */
  executable: string;
  /** Folders the interpreter reads (its prefixes and the folders on sys.path). */
  roots: string[];
};

export type SandboxHost = {
  confinement: Confinement;
  /** Why there is no confinement, for messages (null when there is). */
  unavailableReason: string | null;
  bwrap: string | null;
  /** util-linux's prlimit: resource limits for the confined program (null when missing). */
  prlimit: string | null;
  /** util-linux's setpriv: when Remora runs as root, sandboxes drop to an unprivileged user with it. */
  setpriv: string | null;
  /**
   * util-linux's unshare: as root, a user namespace of the sandbox's own, so that its process limit
   * counts its processes only.
   */
  unshare: string | null;
  /** The user and group confined processes run as when Remora is root; null otherwise. */
  dropTo: { uid: number; gid: number } | null;
};
