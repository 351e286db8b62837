// Process entry (`npm start`): the compile cache first, then the server itself (serve.ts). The rest
// is imported only once the cache is on, since an ES module graph is compiled before it runs.

import { useCompileCache } from './core/compile-cache.js';

useCompileCache(import.meta.url);
await import('./serve.js');
