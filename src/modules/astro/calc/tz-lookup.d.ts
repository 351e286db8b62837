// tz-lookup ships no types: it maps a coordinate to an IANA zone name.
declare module 'tz-lookup' {
  export default function tzLookup(lat: number, lon: number): string;
}
