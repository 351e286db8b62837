// A TOON encoder for JSON data, byte-identical to @toon-format/toon's encode with default
// options and several times faster (docs/decisions/toon-encoder.md). Not an endpoint group:
// any answer offered as format=toon (today /astro) encodes through it.

export { fastEncode } from './toon.js';
