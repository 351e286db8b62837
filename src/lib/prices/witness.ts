// The two-witness rule of DESIGN §5: a price a page gives in two places (its price block and its
// title or JSON-LD; a table row and the block) is taken only when the places agree. A
// disagreement is a `parse` failure naming both, never a silent choice between them.

import { UpstreamError } from '../../core/upstream/index.js';

export interface Witness {
  /** Where on the page the value was read: 'the price block "Petrol Price in Bangalore" (#fp-price)'. */
  where: string;
  value: number;
}

/** Two readings of a price agree when they are the same to the paisa. */
const same = (a: number, b: number) => Math.abs(a - b) < 0.005;

/**
 * The first witness, once every other agrees with it; throws a `parse` failure naming the first
 * that disagrees and what each said. `what` names the price ("petrol on the Bangalore page").
 */
export function agreed(source: string, what: string, witnesses: readonly Witness[]): Witness {
  const [first, ...rest] = witnesses;
  if (!first) throw new UpstreamError(source, 'parse', `no witness read for ${what}`);
  const other = rest.find((w) => !same(w.value, first.value));
  if (other) {
    throw new UpstreamError(source, 'parse', `${what}: ${first.where} says ${first.value.toFixed(2)} but ${other.where} says ${other.value.toFixed(2)}`);
  }
  return first;
}

/** "confirmed by the title and the meta description" (each place once), or '' with no other witness. */
export function confirmedBy(witnesses: readonly Witness[]): string {
  const places = [...new Set(witnesses.slice(1).map((w) => w.where))];
  if (!places.length) return '';
  return ` confirmed by ${places.length > 1 ? `${places.slice(0, -1).join(', ')} and ${places[places.length - 1]}` : places[0]}`;
}
