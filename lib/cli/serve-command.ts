// `remora serve --gguf PATH [--port N] [--host H] [--family NAME]`: the embedded engine as an OpenAI-
// compatible server, in FunctionGemma's format or another family's (the GGUF's own template). Prints the base
// URL on stdout once the model is loaded; runs until stopped (Ctrl-C).
import { RemoraError, errorMessage } from '../errors';
import { startEmbeddedServer, type EmbeddedServer } from '../embedded/server';
import { exitCodeFor } from './exit-code';
import { listenOn } from './io';

export type ServeCliOptions = {
  gguf: string;
  port?: number;
  host?: string;
  sequences?: number;
  contextSize?: number;
  threads?: number;
  modelName?: string;
  maxTokens?: number;
  family?: string;
};
type Output = { write(text: string): unknown };

/** Starts the server; a bad file or a taken port is a ConfigurationError with the reason. */
export async function startServeFromCli(
  options: ServeCliOptions,
  stdout: Output = process.stdout,
  stderr: Output = process.stderr,
): Promise<EmbeddedServer> {
  const port = options.port ?? 8090;
  const host = options.host ?? '127.0.0.1';
  stderr.write(`loading ${options.gguf}...\n`);
  const server = await listenOn(host, port, () =>
    startEmbeddedServer({
      ggufPath: options.gguf,
      port,
      host,
      modelName: options.modelName,
      defaultMaxTokens: options.maxTokens,
      settings: {
        sequences: options.sequences,
        contextSize: options.contextSize,
        threads: options.threads,
        // Checked by the engine's settings schema, which names the known families.
        ...(options.family ? { family: options.family as never } : {}),
      },
    }),
  );
  // The FunctionGemma warnings say what another family's model lacks, which is expected of it.
  if (server.model.family.name === 'functiongemma')
    for (const warning of server.model.warnings) stderr.write(`warning: ${warning}\n`);
  stderr.write(
    `serving ${server.model.name} in the ${server.model.family.name} format ` +
      `(${server.model.settings.sequences} sequences of ${server.model.contextSize} tokens) at ${server.url}\n`,
  );
  stdout.write(`${server.url}\n`);
  return server;
}

/** For main.ts: prints a RemoraError's message (not a stack) and sets the exit code. */
export async function runServeCommand(options: ServeCliOptions): Promise<void> {
  try {
    const server = await startServeFromCli(options);
    const stop = () => {
      void server.close().finally(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    process.stderr.write(`serve: ${RemoraError.is(error) ? error.message : errorMessage(error)}\n`);
    process.exitCode = exitCodeFor(error);
  }
}
