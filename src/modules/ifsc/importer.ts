// Imports Razorpay's IFSC data set into the database. A download that fails, or yields fewer
// usable rows than IFSC_DATASET_MIN_ROWS, never replaces the stored branches.

import type { AppContext } from '../../core/module.js';
import type { IfscDirectory } from './directory.js';
import type { BranchRepository } from './repository.js';
import { RAZORPAY_DATASET, parseIfscCsv } from './providers/razorpay-dataset.js';

// The whole CSV is about 45 MB; room to grow, far below what would hurt.
const MAX_BYTES = 256 * 1024 * 1024;

export async function importBranches(ctx: AppContext, directory: IfscDirectory, repo: BranchRepository, signal?: AbortSignal): Promise<number> {
  const url = ctx.config.IFSC_DATASET_URL;
  const res = await ctx.fetch(RAZORPAY_DATASET, { url, timeoutMs: Math.max(ctx.config.UPSTREAM_TIMEOUT_MS, 120_000), maxBytes: MAX_BYTES, signal });
  signal?.throwIfAborted();
  // One pass: a file short of IFSC_DATASET_MIN_ROWS rolls the transaction back.
  const stored = await repo.replaceAll(parseIfscCsv(res.text(), (c) => directory.bankCodeOf(c)), url, ctx.now(), ctx.config.IFSC_DATASET_MIN_ROWS);
  ctx.log.info({ branches: stored, source: url }, 'ifsc branches imported');
  return stored;
}
