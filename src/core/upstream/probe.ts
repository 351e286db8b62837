// A probe: one live question to one upstream with a query known to have answers, asked by
// `npm run probe` (never by the server) to see which parsers still read what sites serve today.

import type { Provider, ProviderContext } from './provider.js';

export interface ProbeSpec {
  /** The upstream's name, as failover and /health name it. */
  readonly upstream: string;
  /** What is asked, for the table ("petrol, all states"). */
  readonly asks: string;
  /** Asks once, parses, and says how many rows came back; throws as the provider would. */
  run(ctx: ProviderContext): Promise<{ rows: number }>;
}

/** A probe that runs a provider once on `input` and counts the rows of its answer. */
export function providerProbe<I, O>(provider: Provider<I, O>, asks: string, input: I, rows: (out: O) => number): ProbeSpec {
  return { upstream: provider.name, asks, run: async (ctx) => ({ rows: rows(await provider.run(input, ctx)) }) };
}
