// Child process of bench/astro.ts: the baseline servers (one sized like a full chart, one like a
// /astro/match answer) and the app (astro module only) side by side, their URLs printed as one JSON
// line. Ends when the parent kills it.

import { astroModule } from '../../src/modules/astro/index.js';
import { serveApp, startBaseline } from './http.js';

const baseline = await startBaseline(Number(process.argv[2] ?? 60000));
const baselineMatch = await startBaseline(Number(process.argv[3] ?? 5000));
const app = await serveApp({}, { modules: [astroModule] });
console.log(JSON.stringify({ baseline: baseline.url, baselineMatch: baselineMatch.url, app: app.url }));
process.on('SIGTERM', () => {
  void Promise.all([baseline.close(), baselineMatch.close(), app.close()]).finally(() => process.exit(0));
});
