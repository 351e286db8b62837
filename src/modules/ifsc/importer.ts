// Imports Razorpay's IFSC data set into the database. A download that fails, or yields fewer
// usable rows than IFSC_DATASET_MIN_ROWS, never replaces the stored branches.
// The file (about 45 MB) is downloaded to a temporary file, then read and stored a chunk at a
// time: held whole, it added 240 MB to the process. Downloading first keeps a slow network out
// of the write transaction.

import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppContext } from '../../core/module.js';
import { dataSource } from '../../core/upstream/index.js';
import type { IfscDirectory } from './directory.js';
import type { BranchRepository } from './repository.js';
import { RAZORPAY_DATASET, parseIfscCsv } from './providers/razorpay-dataset.js';

// The whole CSV is about 45 MB; room to grow, far below what would hurt.
const MAX_BYTES = 256 * 1024 * 1024;

/** Downloads the data set (or reads `file`, a copy of it on disk) and stores its branches; returns how many. */
export async function importBranches(ctx: AppContext, directory: IfscDirectory, repo: BranchRepository, signal?: AbortSignal, file?: string): Promise<number> {
  const { fetch, url } = dataSource(ctx.fetch, ctx.config.IFSC_DATASET_URL, file);
  const dir = await mkdtemp(join(tmpdir(), 'jankari-ifsc-'));
  try {
    const file = join(dir, 'IFSC.csv');
    await fetch(RAZORPAY_DATASET, { url, timeoutMs: Math.max(ctx.config.UPSTREAM_TIMEOUT_MS, 120_000), maxBytes: MAX_BYTES, signal, toFile: file });
    signal?.throwIfAborted();
    // UTF-8 decoded by the stream, so a character cut between two chunks is put back together.
    // Chunks of 64 KB: V8 keeps a larger string outside the young generation, where each one
    // lasted until a full collection (256 KB chunks added 20 MB more at the peak).
    const text = createReadStream(file, { encoding: 'utf8', highWaterMark: 64 * 1024, signal });
    // One pass: a file short of IFSC_DATASET_MIN_ROWS rolls the transaction back.
    const stored = await repo.replaceAll(
      parseIfscCsv(text as AsyncIterable<string>, (c) => directory.bankCodeOf(c)),
      url,
      ctx.now(),
      ctx.config.IFSC_DATASET_MIN_ROWS,
    );
    ctx.log.info({ branches: stored, source: url }, 'ifsc branches imported');
    return stored;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
