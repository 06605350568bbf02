// Child process of the scale-out test (jobs/scale-out.test.ts): the real API process (`api`) or
// worker process (`worker`), configured from the environment like server.ts and worker.ts, with
// the queue's fast test clocks so a killed worker's job is taken over in a second, not a minute.
import { loadConfig } from '../config';
import { runServerProcess } from '../server-process';
import { runWorkerProcess } from '../worker-process';
import { FAST_JOB_TIMINGS } from './jobs';

const config = { ...loadConfig(), jobTimings: { ...FAST_JOB_TIMINGS, staleAfterMs: 1500 } };
await (process.argv[2] === 'api' ? runServerProcess(config) : runWorkerProcess(config));
