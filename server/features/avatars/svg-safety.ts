/**
 * Decision (issue 3): SVG avatars are ACCEPTED only when they are plainly
 * static drawings, and REFUSED (not rewritten) otherwise: refusing is honest
 * with the player. This text screen is only the first line: a regex cannot
 * parse XML (a namespaced `<h:script xmlns:h="…xhtml">` got past it, issue
 * 12), so every accepted SVG is then rasterised to PNG (rasterise-svg.ts)
 * and no SVG markup is stored. On top of this, avatars are served with
 * `Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'`
 * and `X-Content-Type-Options: nosniff`, so even an SVG opened directly
 * cannot run script or load anything, and in `<img>` browsers never run SVG
 * script at all.
 *
 * Refused: anything that is not valid UTF-8 or holds NUL; DOCTYPE/ENTITY
 * declarations (entity tricks, XXE); `<script>` (with or without a namespace prefix); event-handler attributes
 * (`onload=` …, also after `/` or quotes); `<foreignObject>` (embeds HTML);
 * `<iframe>`, `<embed>`, `<object>`, `<audio>`, `<video>`, `<image>`,
 * `<use>`, `<a>`, `<feImage>`; any `href`/`xlink:href`/`src` other than a
 * same-document `#fragment`; `url(…)` other than `#fragment`; `@import`;
 * `javascript:`/`data:`/`vbscript:` anywhere; animations that target `href`.
 */
const FORBIDDEN: RegExp[] = [
  /<!DOCTYPE|<!ENTITY/i,
  /<\s*(?:[\w.-]+:)?script/i,
  /[\s/"']on[a-z]+\s*=/i,
  /<\s*(?:[\w.-]+:)?(foreignObject|iframe|embed|object|audio|video|image|use|a|feImage|handler|listener)[\s/>]/i,
  /(?:^|[\s/"'])(?:xlink:)?(?:href|src)\s*=\s*(["'])(?!\s*#)/i,
  /(?:^|[\s/"'])(?:xlink:)?(?:href|src)\s*=\s*[^\s"'#]/i,
  /url\(\s*(?!['"]?\s*#)/i,
  /@import/i,
  /javascript:|vbscript:|data:/i,
  /attributeName\s*=\s*["']?\s*(?:xlink:)?href/i,
  /&#/,
];

/** Why an SVG is refused, or null when it is a static drawing safe to keep. */
export function unsafeSvgReason(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'not UTF-8';
  }
  if (text.includes('\u0000')) return 'NUL byte';
  for (const pattern of FORBIDDEN) if (pattern.test(text)) return `matches ${pattern.source}`;
  return null;
}
