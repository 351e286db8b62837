// Cutting a format=json content to max (json.ts builds it): on the main thread for every answer,
// so apart from the DOM code json.ts needs (docs/decisions/start-up.md).

/** A format=json content cut to at most max characters by dropping whole parts, never mid-value. */
export function fitJson(content: string, max: number): string {
  if (content.length <= max) return content;
  const doc = JSON.parse(content) as { headings: unknown[]; json_ld: unknown[]; description?: string };
  while (doc.json_ld.length) {
    doc.json_ld.pop();
    const s = JSON.stringify(doc);
    if (s.length <= max) return s;
  }
  while (doc.headings.length) {
    doc.headings.pop();
    const s = JSON.stringify(doc);
    if (s.length <= max) return s;
  }
  return JSON.stringify(doc);
}
