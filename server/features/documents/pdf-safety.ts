import { inflateSync } from 'node:zlib';
import { markupIn } from './polyglot.ts';

/**
 * Decision (issue 17): a PDF document is ACCEPTED only when it is plainly a
 * page description, and REFUSED (never rewritten) when it can act on its
 * own. Refused names, wherever a dictionary can hold them: `/JavaScript`,
 * `/JS`, `/OpenAction`, `/AA` (additional actions), `/Launch`,
 * `/EmbeddedFile(s)`, `/RichMedia`, `/XFA`, `/SubmitForm`, `/ImportData`,
 * `/GoToE`, `/GoToR`; and `/Encrypt` (the review cannot read a locked file).
 *
 * Names are compared after decoding `#xx` escapes (`/J#61vaScript` is
 * `/JavaScript` to every reader). Dictionaries are found where a reader finds
 * them: in the file's text and inside compressed object streams (`/ObjStm`,
 * inflated here). Stream bodies whose `/Length` checks out are skipped (image
 * bytes would match three-letter names like `/JS` by chance); a stream whose
 * length does not check out is scanned like text, so a mislabelled body
 * cannot hide a dictionary. Literal strings and comments are lexed so a
 * `stream` keyword inside them does not start a stream. Also refused: HTML or
 * script markup outside verified streams (./polyglot.ts), anything but
 * whitespace after the last `%%EOF` (an appended ZIP or page), and object
 * streams that cannot be decoded (other filters, over the size budget).
 */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'OpenAction',
  'AA',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'GoToR',
]);

/** Most bytes inflated from object streams per file: a zip bomb stops here. */
const INFLATE_BUDGET = 32 * 1024 * 1024;

export type PdfProblem = { problem: 'pdf_active' | 'polyglot' | 'damaged' | 'encrypted'; detail: string };

/** PDF name tokens: `/` then regular characters (not white space, NUL being one, or a delimiter). */
// eslint-disable-next-line no-control-regex -- NUL is PDF white space
const NAME = /\/([^\x00\t\n\f\r ()<>[\]{}/%]*)/g;

/** A name token's value with its `#xx` escapes decoded. */
function decodeName(raw: string): string {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** `text` with every name written without escapes (`/Fi#6cter` → `/Filter`), so dictionary keys can be matched as written. */
function unescapeNames(text: string): string {
  return text.replace(NAME, (_, raw: string) => `/${decodeName(raw)}`);
}

/** The decoded names of `text`. */
function namesIn(text: string): string[] {
  return [...text.matchAll(NAME)].map((m) => decodeName(m[1]!));
}

/** The first refused name or markup in `text` (dictionary text: outside stream bodies, or an object stream's content). */
function scanText(text: string): PdfProblem | null {
  for (const name of namesIn(text)) {
    if (ACTIVE_NAMES.has(name)) return { problem: 'pdf_active', detail: `/${name}` };
    if (name === 'Encrypt') return { problem: 'encrypted', detail: '/Encrypt' };
  }
  const markup = markupIn(text);
  return markup ? { problem: 'polyglot', detail: `markup ${markup}` } : null;
}

/** Offset just past the literal string opening at `start` (balanced parentheses, backslash escapes), or the end of the text. */
function literalStringEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return text.length;
}

/** Offset of the end of the comment starting at `start` (its line break). */
function commentEnd(text: string, start: number): number {
  const match = /[\r\n]/.exec(text.slice(start, start + 65536));
  return match ? start + match.index : Math.min(text.length, start + 65536);
}

interface Stream {
  /** The stream's dictionary text, `<<` to `>>` with names unescaped, or null when it cannot be told. */
  dict: string | null;
  bodyStart: number;
  bodyEnd: number;
  /** Offset after `endstream`. */
  end: number;
  /** The body's length matched `/Length` (so it was skipped, not scanned). */
  verified: boolean;
}

/** The dictionary just before a `stream` keyword at `at` (walking back from its `>>` to the matching `<<`), or null. */
function dictBefore(text: string, at: number): string | null {
  let k = at - 1;
  while (k >= 0 && /\s/.test(text[k]!)) k--;
  if (text[k] !== '>' || text[k - 1] !== '>') return null;
  const close = k + 1;
  let depth = 0;
  const floor = Math.max(0, close - 65536);
  while (k > floor) {
    if (text[k] === '>' && text[k - 1] === '>') {
      depth++;
      k -= 2;
    } else if (text[k] === '<' && text[k - 1] === '<') {
      depth--;
      if (depth === 0) return text.slice(k - 1, close);
      k -= 2;
    } else k--;
  }
  return null;
}

/** The stream's `/Length`: a direct integer, or an indirect one resolved from its `n g obj <int> endobj`. */
function streamLength(text: string, dict: string): number | null {
  const match = /\/Length\s+(\d+)(?:\s+(\d+)\s+R)?/.exec(dict);
  if (!match) return null;
  if (match[2] === undefined) return Number(match[1]);
  const target = new RegExp(`(?:^|[^\\d])${match[1]}\\s+${match[2]}\\s+obj\\s*(\\d+)\\s*endobj`).exec(text);
  return target ? Number(target[1]) : null;
}

/** The stream whose `stream` keyword is at `at`, or null when no `endstream` follows. */
function readStream(text: string, at: number): Stream | null {
  let bodyStart = at + 'stream'.length;
  if (text[bodyStart] === '\r') bodyStart++;
  if (text[bodyStart] === '\n') bodyStart++;
  const raw = dictBefore(text, at);
  const dict = raw === null ? null : unescapeNames(raw);
  const length = dict ? streamLength(text, dict) : null;
  if (length !== null && bodyStart + length <= text.length) {
    const after = /^\s*endstream/.exec(text.slice(bodyStart + length, bodyStart + length + 64));
    if (after) return { dict, bodyStart, bodyEnd: bodyStart + length, end: bodyStart + length + after[0].length, verified: true };
  }
  const endstream = text.indexOf('endstream', bodyStart);
  if (endstream < 0) return null;
  return { dict, bodyStart, bodyEnd: endstream, end: endstream + 'endstream'.length, verified: false };
}

/** True when `stream` at `at` is the keyword (after a dictionary's `>>`, before a line break), not part of a word. */
function isStreamKeyword(text: string, at: number): boolean {
  if (!text.startsWith('stream', at)) return false;
  const next = text[at + 6];
  if (next !== '\r' && next !== '\n') return false;
  let k = at - 1;
  while (k >= 0 && /\s/.test(text[k]!)) k--;
  return text[k] === '>' && text[k - 1] === '>';
}

/** Checks a stream: an unverified body is scanned as text; an object stream (or one whose dictionary cannot be told) is inflated and scanned. */
function checkStream(text: string, stream: Stream, budget: { left: number }): PdfProblem | null {
  const body = text.slice(stream.bodyStart, stream.bodyEnd);
  if (!stream.verified) {
    const found = scanText(body);
    if (found) return found;
  }
  const names = stream.dict ? namesIn(stream.dict) : null;
  const objectStream = names === null || names.includes('ObjStm');
  if (!objectStream) return null;
  const filterValue = stream.dict ? /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+)/.exec(stream.dict)?.[1] : undefined;
  const filters = filterValue ? namesIn(filterValue) : [];
  if (filters.some((n) => n !== 'FlateDecode') || filters.length > 1) return { problem: 'damaged', detail: `object stream filtered by ${filters.join(' ')}` };
  const flate = names === null || filters.length === 1;
  let content: string;
  if (!flate) content = body;
  else {
    try {
      const inflated = inflateSync(Buffer.from(body, 'latin1'), { maxOutputLength: Math.max(1, budget.left) });
      budget.left -= inflated.length;
      content = inflated.toString('latin1');
    } catch {
      // A stream whose dictionary could not be told is fine when it is not deflated data (an image, say).
      if (!names) return null;
      return { problem: 'damaged', detail: 'object stream cannot be inflated' };
    }
  }
  return scanText(content);
}

/**
 * Why the PDF `text` (the file as latin1, starting with `%PDF-`) is refused,
 * or null when it is plain. See the decision above.
 */
export function unsafePdfReason(text: string): PdfProblem | null {
  const eof = text.lastIndexOf('%%EOF');
  if (eof < 0) return { problem: 'damaged', detail: 'no %%EOF' };
  // eslint-disable-next-line no-control-regex -- NUL padding after %%EOF is allowed
  if (/[^\s\x00]/.test(text.slice(eof + 5))) return { problem: 'polyglot', detail: 'data after %%EOF' };
  const budget = { left: INFLATE_BUDGET };
  let segmentStart = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '(') i = literalStringEnd(text, i);
    else if (c === '%') i = commentEnd(text, i);
    else if (c === 's' && isStreamKeyword(text, i)) {
      const found = scanText(text.slice(segmentStart, i));
      if (found) return found;
      const stream = readStream(text, i);
      if (!stream) return { problem: 'damaged', detail: 'stream without endstream' };
      const problem = checkStream(text, stream, budget);
      if (problem) return problem;
      i = segmentStart = stream.end;
    } else i++;
  }
  return scanText(text.slice(segmentStart));
}
