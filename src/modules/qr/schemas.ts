// Request and response schemas of /qr and /qr/upi. The images are documented by media type; the
// UPI link (format=json) also drives the serializer, so each field upi.ts returns is listed.

import { BinaryBody, ContentTypes, Ok, StringOf, Type, IntRange, defaulted, type Static } from '../../core/schema.js';

const Colour = (def: string, what: string) =>
  defaulted(
    Type.String({ pattern: '^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$', default: def, description: `${what} colour as hex RRGGBB or RRGGBBAA (with or without #)` }),
  );

/** How the image is drawn: shared by /qr and /qr/upi. */
const Drawing = {
  format: defaulted(Type.Enum(['png', 'svg'], { default: 'png', description: 'png or svg' })),
  size: IntRange(64, 2048, 256, 'width and height of a PNG in pixels (an SVG scales)'),
  margin: IntRange(0, 16, 4, 'quiet zone around the code, in modules (4 is the standard)'),
  ecc: defaulted(Type.Enum(['L', 'M', 'Q', 'H'], { default: 'M', description: 'error correction: L 7%, M 15%, Q 25%, H 30% of the code may be damaged' })),
  dark: Colour('000000', 'module'),
  light: Colour('ffffff', 'background'),
};

export const QrQuery = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 4296, description: 'the text to encode (at most 2953 bytes at ecc=L, 2331 at M, 1663 at Q, 1273 at H)' }),
  ...Drawing,
});
export type QrQuery = Static<typeof QrQuery>;

export const UpiQuery = Type.Object({
  pa: Type.String({ minLength: 3, maxLength: 255, description: 'payee VPA (UPI id), e.g. shop@okaxis' }),
  pn: Type.String({ minLength: 1, maxLength: 99, description: 'payee name' }),
  am: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,7}(\\.[0-9]{1,2})?$', description: 'amount in rupees, up to two decimals (omit to let the payer enter it)' }),
  ),
  tn: Type.Optional(Type.String({ minLength: 1, maxLength: 80, description: 'transaction note' })),
  cu: defaulted(Type.Enum(['INR'], { default: 'INR', description: 'currency (UPI supports INR only)' })),
  ...Drawing,
  format: defaulted(Type.Enum(['png', 'svg', 'json'], { default: 'png', description: 'png or svg image of the code, or json with the link' })),
});
export type UpiQuery = Static<typeof UpiQuery>;

const PNG = BinaryBody('image/png');
const SVG = Type.String({ contentMediaType: 'image/svg+xml', description: 'an SVG document' });

export const QrAnswers = ContentTypes('The QR code: PNG (format=png) or SVG (format=svg)', { 'image/png': PNG, 'image/svg+xml': SVG });

export const UpiLinkResponse = Type.Object({
  status: Ok,
  link: Type.String({ description: 'the upi://pay link the QR code holds, every value percent-encoded' }),
  pa: Type.String({ description: 'payee VPA, trimmed' }),
  pn: Type.String({ description: 'payee name, trimmed' }),
  am: Type.Union([Type.String(), Type.Null()], { description: 'amount with two decimals, or null when the payer enters it' }),
  tn: Type.Union([Type.String(), Type.Null()], { description: 'transaction note, or null' }),
  cu: StringOf(['INR'] as const),
});

export const UpiAnswers = ContentTypes('The QR code of the UPI link (format=png or svg), or the link itself as JSON (format=json)', {
  'image/png': PNG,
  'image/svg+xml': SVG,
  'application/json': UpiLinkResponse,
});
