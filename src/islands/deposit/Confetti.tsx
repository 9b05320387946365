import { type CSSProperties, useState } from 'react';
import { type ConfettiBit, makeConfetti } from '../../lib/wallet/confetti.ts';

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function style(bit: ConfettiBit): CSSProperties {
  return {
    '--confetti-left': `${bit.left}%`,
    '--confetti-delay': `${bit.delay}ms`,
    '--confetti-duration': `${bit.duration}ms`,
    '--confetti-rotate': `${bit.rotate}deg`,
    '--confetti-drift': `${bit.drift}px`,
  } as CSSProperties;
}

/**
 * The paid state's celebration: 40 pieces and 20 dots falling once (CSS
 * animation), decorative only. Nothing is drawn for players who ask for
 * reduced motion.
 */
export function Confetti() {
  const [bits] = useState(() => (reducedMotion() ? null : makeConfetti()));
  if (!bits) return null;
  return (
    <div className="confetti" aria-hidden="true" data-testid="confetti">
      {bits.pieces.map((bit, i) => (
        <span key={`p${i}`} className={`confetti__piece confetti--c${bit.colour}`} style={style(bit)} />
      ))}
      {bits.dots.map((bit, i) => (
        <span key={`d${i}`} className={`confetti__dot confetti--c${bit.colour}`} style={style(bit)} />
      ))}
    </div>
  );
}
