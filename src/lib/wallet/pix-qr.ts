import { encode } from 'uqr';

/**
 * The Pix charge's BR Code as a QR image: one SVG path of dark modules,
 * crisp at any size and drawn black on white whatever the tenant's theme
 * (banking apps scan dark-on-light reliably). Error correction M (15%), as
 * Pix QR codes commonly use, and the standard's 4-module quiet zone.
 */
export const QR_QUIET_ZONE = 4;

export interface QrDrawing {
  /** Modules per side, quiet zone included (the SVG viewBox). */
  size: number;
  /** `M x,y h1v1h-1z` per dark module. */
  path: string;
}

export function qrDrawing(text: string): QrDrawing {
  const qr = encode(text, { ecc: 'M', border: QR_QUIET_ZONE });
  let path = '';
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x},${y}h1v1h-1z`;
    }),
  );
  return { size: qr.size, path };
}
