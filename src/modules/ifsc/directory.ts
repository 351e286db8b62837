// The offline IFSC directory: every valid code and every bank's name, from the data files of
// Razorpay's `ifsc` npm package (MIT; the data, compiled from RBI's lists, is public domain).
// We read only its JSON files, never its fetchDetails (which calls the internet through the
// deprecated `request` library). Read on first use (about 1.4 MB), held by one module instance.
//
// Data files: IFSC.json {bank code: [branch codes; numeric ones as numbers]}, banknames.json
// {bank code: name}, banks.json {bank code: {type, ifsc, micr, iin, upi, …}}, sublet.json
// {IFSC: bank code} for branches run by one bank under another's prefix (co-operative banks
// sub-members of a sponsor), custom-sublets.json {IFSC prefix: bank code} for the same by prefix.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The IFSC rule: 4 letters (the bank), a zero, 6 letters or digits (the branch). */
export const IFSC_RULE = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export interface BankInfo {
  code: string;
  name: string;
  /** RBI's kind, as the package writes it: PSB, Private, O-UCB, Foreign, … (null when not listed). */
  type: string | null;
  /** The bank's own (or its sponsor's) IFSC for NEFT to the bank as a whole. */
  ifsc: string | null;
  micr: string | null;
  /** Issuer identification number (the first six digits of its cards). */
  iin: string | null;
  upi: boolean | null;
  /** How many branch codes the directory lists under the bank's prefix. */
  branches: number;
}

export type Verdict =
  | { ok: true; ifsc: string; bank: BankInfo }
  | { ok: false; reason: 'unknown_bank'; bank_code: string }
  | { ok: false; reason: 'unknown_branch'; bank: BankInfo; branch_code: string };

interface BankMeta {
  type?: string;
  ifsc?: string;
  micr?: string;
  iin?: string;
  upi?: boolean;
}

interface Data {
  branches: Map<string, Set<string>>;
  names: Record<string, string>;
  meta: Record<string, BankMeta>;
  sublet: Record<string, string>;
  /** Custom sublets by the bank code their prefix starts with, longest prefix first. */
  customSublets: Map<string, [string, string][]>;
  version: string;
}

export class IfscDirectory {
  private data?: Data;
  private banksCache?: BankInfo[];
  /** Each listed bank, built once: a lookup asks for one or two on every request. */
  private readonly bankInfo = new Map<string, BankInfo>();

  /** `dir` is the package's src folder (tests may point at another copy). */
  constructor(private readonly dir: string = packageDataDir()) {}

  private load(): Data {
    if (this.data) return this.data;
    const read = <T>(name: string): T => JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as T;
    const raw = read<Record<string, (string | number)[]>>('IFSC.json');
    const branches = new Map<string, Set<string>>();
    // Numeric branch codes are stored as numbers without their leading zeros: pad them back.
    for (const [bank, list] of Object.entries(raw)) branches.set(bank, new Set(list.map((c) => (typeof c === 'number' ? String(c).padStart(6, '0') : c))));
    const custom = read<Record<string, string>>('custom-sublets.json');
    this.data = {
      branches,
      names: read<Record<string, string>>('banknames.json'),
      meta: read<Record<string, BankMeta>>('banks.json'),
      sublet: read<Record<string, string>>('sublet.json'),
      customSublets: byBankPrefix(custom),
      version: packageVersion(this.dir),
    };
    return this.data;
  }

  /** The `ifsc` package version the data comes from. */
  get version(): string {
    return this.load().version;
  }

  /** The bank a code belongs to: sub-member branches name their own bank, not the prefix's. */
  bankCodeOf(ifsc: string): string {
    const d = this.load();
    const exact = d.sublet[ifsc];
    if (exact) return exact;
    const bank = ifsc.slice(0, 4);
    for (const [prefix, sub] of d.customSublets.get(bank) ?? []) if (ifsc.startsWith(prefix)) return sub;
    return bank;
  }

  bank(code: string): BankInfo | undefined {
    let info = this.bankInfo.get(code);
    if (info) return info;
    // Only listed banks are kept: any four letters may be asked about.
    info = this.buildBank(code);
    if (info) this.bankInfo.set(code, info);
    return info;
  }

  private buildBank(code: string): BankInfo | undefined {
    const d = this.load();
    const name = d.names[code];
    if (!name) return undefined;
    const m = d.meta[code] ?? {};
    return {
      code,
      name,
      type: m.type ?? null,
      ifsc: m.ifsc ?? null,
      micr: m.micr ?? null,
      iin: m.iin ?? null,
      upi: typeof m.upi === 'boolean' ? m.upi : null,
      branches: d.branches.get(code)?.size ?? 0,
    };
  }

  /** Every bank the directory names, by name. */
  banks(): BankInfo[] {
    if (!this.banksCache) {
      const d = this.load();
      this.banksCache = Object.keys(d.names)
        .map((c) => this.bank(c)!)
        .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code));
    }
    return this.banksCache;
  }

  /** Whether an upper-case code that passes IFSC_RULE is a listed branch, and whose. */
  check(ifsc: string): Verdict {
    const d = this.load();
    const prefix = ifsc.slice(0, 4);
    const listed = d.branches.get(prefix);
    const prefixBank = this.bank(prefix);
    if (!listed && !prefixBank) return { ok: false, reason: 'unknown_bank', bank_code: prefix };
    const branch = ifsc.slice(5);
    if (!listed?.has(branch)) {
      return { ok: false, reason: 'unknown_branch', bank: prefixBank ?? this.fallbackBank(prefix), branch_code: branch };
    }
    const own = this.bankCodeOf(ifsc);
    return { ok: true, ifsc, bank: this.bank(own) ?? prefixBank ?? this.fallbackBank(own) };
  }

  /** A prefix with branches but no name in banknames.json (the package lags a release behind at times). */
  private fallbackBank(code: string): BankInfo {
    return { code, name: code, type: null, ifsc: null, micr: null, iin: null, upi: null, branches: this.load().branches.get(code)?.size ?? 0 };
  }
}

/** Custom-sublet prefixes grouped by their first four letters, the longest (most specific) first. */
function byBankPrefix(custom: Record<string, string>): Map<string, [string, string][]> {
  const out = new Map<string, [string, string][]>();
  for (const entry of Object.entries(custom).sort((a, b) => b[0].length - a[0].length)) {
    const bank = entry[0].slice(0, 4);
    out.set(bank, [...(out.get(bank) ?? []), entry]);
  }
  return out;
}

function packageDataDir(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('ifsc/src/IFSC.json'));
}

function packageVersion(dataDir: string): string {
  try {
    return (JSON.parse(readFileSync(join(dataDir, '..', 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
