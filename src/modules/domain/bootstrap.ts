// The RFC 9224 bootstrap table: which RDAP servers answer for which TLD. Pure; the file
// comes from IANA (providers/iana-bootstrap.ts) or the shipped snapshot (data/).

export interface BootstrapFile {
  description?: string;
  publication?: string;
  version?: string;
  services: [string[], string[]][];
}

export interface BootstrapTable {
  publication: string | null;
  /** Label suffix (usually a TLD) → base URLs, https first. */
  servers: Map<string, string[]>;
  serviceCount: number;
}

/** Validates a bootstrap document; throws with a reason when it is not one. */
export function readBootstrap(doc: unknown): BootstrapFile {
  const d = doc as Partial<BootstrapFile> | null;
  if (!d || typeof d !== 'object' || !Array.isArray(d.services)) throw new Error('not an RDAP bootstrap file: no services array');
  for (const s of d.services) {
    if (
      !Array.isArray(s) ||
      s.length < 2 ||
      !Array.isArray(s[0]) ||
      !Array.isArray(s[1]) ||
      !s[0].every((x) => typeof x === 'string') ||
      !s[1].every((x) => typeof x === 'string')
    ) {
      throw new Error('not an RDAP bootstrap file: a service is not [[labels], [urls]]');
    }
  }
  return { description: d.description, publication: typeof d.publication === 'string' ? d.publication : undefined, version: d.version, services: d.services };
}

export function buildTable(file: BootstrapFile): BootstrapTable {
  const servers = new Map<string, string[]>();
  for (const [labels, urls] of file.services) {
    const usable = urls.filter((u) => /^https?:\/\//i.test(u));
    // RFC 9224 §3: prefer https when a service lists both.
    const ordered = [...usable.filter((u) => /^https:/i.test(u)), ...usable.filter((u) => /^http:/i.test(u))];
    if (!ordered.length) continue;
    for (const label of labels) servers.set(label.toLowerCase().replace(/^\.+|\.+$/g, ''), ordered);
  }
  return { publication: file.publication ?? null, servers, serviceCount: file.services.length };
}

/** The RDAP base URLs for a domain: the entry with the longest matching label suffix. */
export function serversFor(table: BootstrapTable, domain: string): string[] | null {
  const labels = domain.toLowerCase().split('.');
  for (let i = 0; i < labels.length; i++) {
    const hit = table.servers.get(labels.slice(i).join('.'));
    if (hit) return hit;
  }
  return null;
}

/** RFC 9224 §3: exactly one "/" between the base URL and "domain/<name>". */
export function domainUrl(base: string, domain: string): string {
  return `${base.replace(/\/+$/, '')}/domain/${encodeURIComponent(domain)}`;
}
