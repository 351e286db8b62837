// What a parser call did, as a word a test can compare: the UpstreamError kind it threw
// ('parse', 'blocked', …), 'other' for any other error, or 'none' when it returned.

import { UpstreamError } from '../../src/core/upstream/index.js';

export function failureKind(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return err instanceof UpstreamError ? err.kind : 'other';
  }
  return 'none';
}
