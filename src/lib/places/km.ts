// Great-circle distance (haversine, mean Earth radius): enough to say which of a few towns is
// nearest; not a surveyor's figure.

export interface Point {
  readonly lat: number;
  readonly lon: number;
}

/** Kilometres between two points on the surface. */
export function kmBetween(a: Point, b: Point): number {
  const r = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * r) / 2) ** 2 + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(((b.lon - a.lon) * r) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(Math.min(1, h)));
}
