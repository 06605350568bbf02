// bench:engine's run without extraction: the engine's own worker (src/worker.ts) with no
// converter, so every file is read, detected, decoded, parsed, copied into the flat tree, checked
// for syntax errors and its comments masked, and its empty model handed to the main thread,
// which streams and resolves it as any other. What the engine costs before a converter runs:
// the ratio's floor for any design that keeps this pipeline and changes only the extraction.
import { runParseTask, type ParseTask } from '../packages/engine/src/worker.ts';

const NO_CONVERTERS = {};

export default function bareTask(task: ParseTask) {
  return runParseTask(task, NO_CONVERTERS);
}
