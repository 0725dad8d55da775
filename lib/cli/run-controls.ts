// What a long command-line run shows and listens to while it works: a progress bar on a terminal,
// and Ctrl-C (or SIGTERM) that first stops the run cleanly and, pressed again, quits at once.
import { Presets, SingleBar } from 'cli-progress';

type Progress = { total: number; done: number; running: number };

export type ProgressBar = { show: (progress: Progress) => void; stop: () => void };

/** A bar on stderr drawn from the first progress shown; null when stderr is not a terminal. */
export function progressBar(format: string): ProgressBar | null {
  if (!process.stderr.isTTY) return null;
  const bar = new SingleBar({ format, hideCursor: true }, Presets.shades_classic);
  let started = false;
  return {
    show: (progress) => {
      if (!started) bar.start(progress.total, progress.done, { running: progress.running });
      started = true;
      bar.setTotal(progress.total);
      bar.update(progress.done, { running: progress.running });
    },
    stop: () => bar.stop(),
  };
}

/**
 * Interrupts the run at the first SIGINT or SIGTERM, saying that the finished `kept` stay; a second
 * signal quits with 130. Returns the function that stops listening.
 */
export function interruptOnSignal(kept: string, interrupt: () => void): () => void {
  let interrupts = 0;
  const onSignal = () => {
    interrupts += 1;
    if (interrupts > 1) process.exit(130);
    process.stderr.write(
      `\nstopping: finished ${kept} are kept; run the same command again to resume (Ctrl-C again to quit now)\n`,
    );
    interrupt();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}
