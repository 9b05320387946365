import { describe, expect, it } from 'vitest';
import { CONFETTI_DOTS, CONFETTI_PIECES, makeConfetti } from '../../../../src/lib/wallet/confetti.ts';
import { QR_QUIET_ZONE, qrDrawing } from '../../../../src/lib/wallet/pix-qr.ts';

describe('confetti', () => {
  it('is 40 pieces and 20 dots (spec section 9)', () => {
    const { pieces, dots } = makeConfetti(() => 0.5);
    expect(CONFETTI_PIECES).toBe(40);
    expect(CONFETTI_DOTS).toBe(20);
    expect(pieces).toHaveLength(40);
    expect(dots).toHaveLength(20);
  });
});

describe('Pix QR drawing', () => {
  const BR_CODE =
    '00020101021226850014br.gov.bcb.pix2563pix.example.com/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca2552040000530398654045.005802BR5913Sorte Lunar6009SAO PAULO62070503***6304ABCD';

  /** The module grid back from the path. */
  function grid(text: string): boolean[][] {
    const { size, path } = qrDrawing(text);
    const cells = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
    for (const m of path.matchAll(/M(\d+),(\d+)h1v1h-1z/g)) cells[Number(m[2])]![Number(m[1])] = true;
    return cells;
  }

  it('draws a QR symbol: quiet zone, the three finder patterns, a size fitting the version', () => {
    const cells = grid(BR_CODE);
    const size = cells.length;
    const modules = size - 2 * QR_QUIET_ZONE;
    expect((modules - 17) % 4).toBe(0);
    // Quiet zone all light.
    expect(cells.slice(0, QR_QUIET_ZONE).flat().some(Boolean)).toBe(false);
    expect(cells.map((row) => row[size - 1]).some(Boolean)).toBe(false);
    // Finder patterns: dark 7×7 ring, light ring, dark 3×3 core, at three corners.
    const finder = (x0: number, y0: number) =>
      Array.from({ length: 7 }, (_, y) =>
        Array.from({ length: 7 }, (_, x) => cells[y0 + y]![x0 + x]!).map((dark, x) => {
          const ring = x === 0 || y === 0 || x === 6 || y === 6;
          const core = x >= 2 && x <= 4 && y >= 2 && y <= 4;
          return dark === (ring || core);
        }),
      )
        .flat()
        .every(Boolean);
    const q = QR_QUIET_ZONE;
    expect(finder(q, q)).toBe(true);
    expect(finder(size - q - 7, q)).toBe(true);
    expect(finder(q, size - q - 7)).toBe(true);
  });

  it('is deterministic and differs for a different code', () => {
    expect(qrDrawing(BR_CODE)).toEqual(qrDrawing(BR_CODE));
    expect(qrDrawing(BR_CODE).path).not.toBe(qrDrawing(BR_CODE.replace('5.00', '6.00')).path);
  });
});
