// Every GST upstream, the one list the service builds from, in the order each part of a record
// asks them: the captcha-free portal first where it can answer (free, authoritative), then the
// keyed providers when configured. An upstream gives the parts it can answer. A new upstream is
// its file, one line here and its settings' rows in src/config.ts.

import type { HttpProviderSpec, Upstream } from '../../../core/upstream/index.js';
import type { FilingYear, HsnEntry, ReturnEntry, ReturnsQuery, TaxpayerProfile } from '../model.js';
import { cashfreeUpstream, type PanQuery } from './cashfree.js';
import { gspUpstream } from './gstn-public-api.js';
import { portalUpstream } from './gst-portal.js';

/** The parts of a taxpayer record an upstream can answer. */
export interface GstParts {
  profile?: HttpProviderSpec<string, TaxpayerProfile>;
  goods?: HttpProviderSpec<string, HsnEntry[]>;
  years?: HttpProviderSpec<string, FilingYear[]>;
  returns?: HttpProviderSpec<ReturnsQuery, ReturnEntry[]>;
  pan?: HttpProviderSpec<PanQuery, string[]>;
}

export const GST_UPSTREAMS: readonly Upstream<GstParts>[] = [portalUpstream, gspUpstream, cashfreeUpstream];
