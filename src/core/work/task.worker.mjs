// One thread of the work pool (pool.ts): runs one task at a time, a named export of a task
// module, on input from outside (a page, a year of festivals), so that the main event loop only
// routes and answers. Plain JavaScript: it must start without the TypeScript loader in a built
// dist/, and registers that loader itself when the tasks are TypeScript sources (tests, `npm run dev`).
import { parentPort, workerData } from 'node:worker_threads';

if (workerData?.typescript) {
  const { register } = await import('tsx/esm/api');
  register();
}

/** @type {Map<string, Promise<Record<string, unknown>>>} */
const modules = new Map();

function load(url) {
  let m = modules.get(url);
  if (!m) {
    m = import(url);
    modules.set(url, m);
  }
  return m;
}

// An ApiError (src/core/errors.ts) is an answer, not a bug: it crosses as its fields and is
// rebuilt on the other side. Anything else crosses as a plain error.
function wireError(err) {
  if (err && err.name === 'ApiError' && typeof err.code === 'string') {
    return { api: true, code: err.code, message: err.message, extra: err.extra ?? {}, headers: err.headers ?? {} };
  }
  return { api: false, name: err?.name ?? 'Error', message: err?.message ?? String(err), stack: err?.stack };
}

parentPort.on('message', async ({ id, module, fn, input }) => {
  try {
    const mod = await load(module);
    const f = mod[fn];
    if (typeof f !== 'function') throw new Error(`work task ${fn} is not exported by ${module}`);
    // The task's budget starts now: starting the thread and loading the module are not its work.
    parentPort.postMessage({ id, started: true });
    const value = await f(input);
    parentPort.postMessage({ id, ok: true, value });
  } catch (err) {
    parentPort.postMessage({ id, ok: false, error: wireError(err) });
  }
});
