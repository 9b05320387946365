/**
 * The line (1-based) each element of a top-level JSON array starts on, so a
 * catalogue error can name the line like a CSV one. Assumes `text` is valid
 * JSON (JSON.parse ran first); only strings and nesting need tracking.
 * Accepts an array or `{ "games": [...] }` (the elements of the first array
 * met at depth 1 or 2).
 */
export function arrayElementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let arrayDepth = -1;
  let expectValue = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (ch === '\n') {
      line += 1;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r') continue;
    if (depth === arrayDepth && expectValue && ch !== ']') {
      lines.push(line);
      expectValue = false;
    }
    if (ch === '"') {
      // Skip the string, escapes included (raw newlines cannot occur in valid JSON strings).
      for (i += 1; i < text.length && text[i] !== '"'; i += text[i] === '\\' ? 2 : 1);
      continue;
    }
    if (ch === '[' || ch === '{') {
      depth += 1;
      if (ch === '[' && arrayDepth === -1) {
        arrayDepth = depth;
        expectValue = true;
      }
    } else if (ch === ']' || ch === '}') {
      depth -= 1;
    } else if (ch === ',' && depth === arrayDepth) {
      expectValue = true;
    }
  }
  return lines;
}
