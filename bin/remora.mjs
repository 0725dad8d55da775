#!/usr/bin/env node
// The command line's entry (`npm run --silent remora -- ...`): runs the compiled JavaScript,
// compiling it first when it is missing or older than its sources (scripts/cli-build.mjs).
import { compiledCliEntry } from '../scripts/cli-build.mjs';

await import(await compiledCliEntry());
