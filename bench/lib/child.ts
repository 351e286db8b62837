// Child process for benchmarks: serves either the raw node:http baseline or the real app,
// so the load generator (autocannon, in the parent) never shares the server's event loop.
// argv[2] is a JSON spec; the URL is printed as one JSON line; SIGTERM ends it; SIGUSR2 switches
// an app's log level between info and warn (its request-log hook stays installed), so one
// process can be measured at both levels and a comparison is not one process's luck against
// another's.

import { MODULES } from '../../src/modules.js';
import { serveApp, startBaseline, startBareFastify, type SentAnswer } from './http.js';
import { postFloorModule } from './post-floor.js';

const spec = JSON.parse(process.argv[2] ?? '{}') as {
  kind: 'baseline' | 'fastify' | 'app';
  bodyBytes?: number;
  answer?: SentAnswer;
  env?: Record<string, string>;
  modules?: string[];
  postFloor?: boolean;
  stdoutFile?: string;
  stdoutReader?: string[];
};
const served =
  spec.kind === 'baseline'
    ? await startBaseline(spec.bodyBytes ?? 1000)
    : spec.kind === 'fastify'
      ? await startBareFastify(spec.answer ?? spec.bodyBytes ?? 1000)
      : await serveApp(
          spec.env ?? {},
          spec.modules ? { modules: [...MODULES.filter((m) => spec.modules!.includes(m.name)), ...(spec.postFloor ? [postFloorModule] : [])] } : {},
        );
// Where it listens, on stdout, or on stderr when stdout is the log's (serveInChild's stdoutFile
// or stdoutReader).
(spec.stdoutFile || spec.stdoutReader ? process.stderr : process.stdout).write(`${JSON.stringify({ url: served.url, pid: process.pid })}\n`);
if (spec.kind === 'app') {
  const log = (served as Awaited<ReturnType<typeof serveApp>>).app.app.log;
  process.on('SIGUSR2', () => {
    log.level = log.level === 'info' ? 'warn' : 'info';
  });
}
process.on('SIGTERM', () => {
  void served.close().finally(() => process.exit(0));
});
