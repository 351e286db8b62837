// Text, attribute values and ids written into the service's HTML pages (the landing page, /docs).

export const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** An id made of letters, digits and dashes (label targets and in-page links). */
export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'x';

/** A copyable `curl '…'` line: a quote in the URL is percent-encoded, so the shell quoting holds. */
export const curlCommand = (origin: string, pathAndQuery: string) => `curl '${origin}${pathAndQuery.replace(/'/g, '%27')}'`;
