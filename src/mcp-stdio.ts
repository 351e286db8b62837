// Process entry (`npm run mcp`): the compile cache first, then the stdio server (mcp-stdio-serve.ts).
// The rest is imported only once the cache is on, since an ES module graph is compiled before it runs.

import { useCompileCache } from './core/compile-cache.js';

useCompileCache(import.meta.url);
await import('./mcp-stdio-serve.js');
