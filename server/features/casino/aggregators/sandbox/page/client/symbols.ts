/// <reference lib="dom" />
/*
 * The slot symbols and the crash rocket, drawn as small inline SVGs rather
 * than emoji: they look the same on every device, including phones and
 * test browsers without a colour emoji font.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

type Shape = [tag: string, attrs: Record<string, string | number>, text?: string];

function svg(shapes: Shape[], className: string): SVGSVGElement {
  const root = document.createElementNS(SVG_NS, 'svg');
  root.setAttribute('viewBox', '0 0 64 64');
  root.setAttribute('class', className);
  root.setAttribute('aria-hidden', 'true');
  root.setAttribute('focusable', 'false');
  for (const [tag, attrs, text] of shapes) {
    const element = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
    if (text) element.textContent = text;
    root.appendChild(element);
  }
  return root;
}

const STAR_POINTS = Array.from({ length: 10 }, (_, i) => {
  const radius = i % 2 === 0 ? 28 : 12;
  const angle = (Math.PI / 5) * i - Math.PI / 2;
  return `${(32 + radius * Math.cos(angle)).toFixed(1)},${(34 + radius * Math.sin(angle)).toFixed(1)}`;
}).join(' ');

const SYMBOLS: Record<string, Shape[]> = {
  cherry: [
    ['path', { d: 'M34 8 C30 20 24 28 20 38 M34 8 C38 20 42 28 44 36', fill: 'none', stroke: '#3c9a3c', 'stroke-width': 3.5, 'stroke-linecap': 'round' }],
    ['path', { d: 'M34 9 C42 4 52 6 56 12 C48 16 40 14 34 9Z', fill: '#4cbc4c' }],
    ['circle', { cx: 20, cy: 45, r: 12, fill: '#e0234e', stroke: '#8c0f2b', 'stroke-width': 2 }],
    ['circle', { cx: 44, cy: 43, r: 12, fill: '#e8345d', stroke: '#8c0f2b', 'stroke-width': 2 }],
    ['circle', { cx: 16, cy: 41, r: 3.5, fill: '#fff', opacity: 0.6 }],
    ['circle', { cx: 40, cy: 39, r: 3.5, fill: '#fff', opacity: 0.6 }],
  ],
  lemon: [
    ['ellipse', { cx: 32, cy: 34, rx: 25, ry: 18, fill: '#ffd93b', stroke: '#b58d00', 'stroke-width': 2.5, transform: 'rotate(-18 32 34)' }],
    ['ellipse', { cx: 24, cy: 28, rx: 8, ry: 4, fill: '#fff', opacity: 0.5, transform: 'rotate(-18 24 28)' }],
  ],
  bell: [
    ['path', { d: 'M32 8C20 8 15 18 15 30v9l-7 9h48l-7-9v-9C49 18 44 8 32 8Z', fill: '#f6b73c', stroke: '#9a6100', 'stroke-width': 2.5, 'stroke-linejoin': 'round' }],
    ['circle', { cx: 32, cy: 53, r: 6, fill: '#c98a1a', stroke: '#9a6100', 'stroke-width': 2 }],
    ['path', { d: 'M24 18c-3 4-4 9-4 14', fill: 'none', stroke: '#fff', 'stroke-width': 3, opacity: 0.6, 'stroke-linecap': 'round' }],
  ],
  star: [['polygon', { points: STAR_POINTS, fill: '#ffe14d', stroke: '#c98a00', 'stroke-width': 2.5, 'stroke-linejoin': 'round' }]],
  diamond: [
    ['polygon', { points: '32,6 56,26 32,58 8,26', fill: '#5fd4ff', stroke: '#0a6f9c', 'stroke-width': 2.5, 'stroke-linejoin': 'round' }],
    ['polyline', { points: '8,26 56,26', fill: 'none', stroke: '#0a6f9c', 'stroke-width': 2 }],
    ['polygon', { points: '32,6 22,26 32,58 42,26', fill: '#a8ecff', opacity: 0.7 }],
  ],
  seven: [['text', { x: 32, y: 54, 'text-anchor': 'middle', 'font-size': 56, 'font-weight': 900, 'font-family': 'Georgia, serif', fill: '#ff3355', stroke: '#7a0019', 'stroke-width': 2.5 }, '7']],
  wild: [
    ['rect', { x: 4, y: 14, width: 56, height: 36, rx: 9, fill: '#7b3fe4', stroke: '#ffc940', 'stroke-width': 3 }],
    ['text', { x: 32, y: 39, 'text-anchor': 'middle', 'font-size': 17, 'font-weight': 900, 'font-family': 'system-ui, sans-serif', fill: '#fff' }, 'WILD'],
  ],
};

/** A slot symbol's picture; a code the page does not know is written as its first letters. */
export function symbolPicture(symbol: string): SVGSVGElement {
  const shapes = SYMBOLS[symbol] ?? [['text', { x: 32, y: 42, 'text-anchor': 'middle', 'font-size': 26, 'font-weight': 800, fill: '#fff' }, symbol.slice(0, 2).toUpperCase()]];
  return svg(shapes, 'sbx-symbol');
}

/** The crash game's rocket, pointing up and to the right. */
export function rocketPicture(): SVGSVGElement {
  return svg(
    [
      ['path', { d: 'M22 42 L12 52 L14 44 Z M22 42 L12 52 L20 50 Z', fill: '#ff8a3d' }],
      ['path', { d: 'M20 44 C26 26 38 14 56 8 C50 26 38 38 20 44Z', fill: '#e8ecff', stroke: '#7a86c8', 'stroke-width': 2 }],
      ['circle', { cx: 40, cy: 24, r: 5, fill: '#5fd4ff', stroke: '#2b4a9c', 'stroke-width': 2 }],
      ['path', { d: 'M24 30 L16 32 L22 38Z M34 40 L32 48 L26 42Z', fill: '#e0234e' }],
    ],
    'sbx-rocket',
  );
}
