// A fetch that answers from one local file: `npm run import -- <job> --file <path>` seeds a
// downloaded data set on a machine without internet. The job's own parser, size gates and
// storage then run exactly as they do on a download, so a file is refused for the same reasons
// a bad download would be, and what it replaces is kept.

import { copyFile, readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type UpstreamFetch, makeResponse } from './http.js';

/** Answers every request with the file at `path` (status 200, its `file:` URL as the final URL). */
export function fileFetch(path: string): UpstreamFetch {
  const url = pathToFileURL(resolve(path)).href;
  return async (_upstream, req) => {
    const size = (await stat(path)).size;
    if (req.maxBytes !== undefined && size > req.maxBytes) {
      throw new Error(`${path} is ${size} bytes, more than the ${req.maxBytes} this data set may take`);
    }
    if (req.toFile) {
      // The caller streams large data sets from a file of its own: give it a copy, as a download would.
      await copyFile(path, req.toFile);
      return makeResponse(200, url, [url], {}, Buffer.alloc(0));
    }
    return makeResponse(200, url, [url], {}, await readFile(path));
  };
}

/** Where a data-set job reads from: the configured URL through the service's fetch, or a local file given on the command line. */
export function dataSource(fetch: UpstreamFetch, configuredUrl: string, file?: string): { fetch: UpstreamFetch; url: string } {
  return file ? { fetch: fileFetch(file), url: pathToFileURL(resolve(file)).href } : { fetch, url: configuredUrl };
}
