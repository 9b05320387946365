import { useMemo } from 'react';
import { qrDrawing } from '../../lib/wallet/pix-qr.ts';

/** The QR image of a BR Code, named for screen readers by `label`. */
export function PixQr({ code, label }: { code: string; label: string }) {
  const { size, path } = useMemo(() => qrDrawing(code), [code]);
  return (
    <svg className="pix-qr" role="img" aria-label={label} data-testid="pix-qr" viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
