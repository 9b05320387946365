import type { DocumentMime } from '../../../src/contract/documents.ts';
import { jpegEnd, pngEnd } from './image-structure.ts';
import { unsafePdfReason } from './pdf-safety.ts';
import { imagePolyglotReason, latin1 } from './polyglot.ts';

/** Why a file is not accepted as a document; `detail` is for the log, never shown. */
export type DocumentProblem = { problem: 'empty' | 'type' | 'damaged' | 'pdf_active' | 'polyglot' | 'encrypted'; detail: string };

export type SniffedDocument = { ok: true; mime: DocumentMime } | ({ ok: false } & DocumentProblem);

const refuse = (problem: DocumentProblem['problem'], detail: string): SniffedDocument => ({ ok: false, problem, detail });

/**
 * The real type of an uploaded document from its bytes (never the client's
 * name or Content-Type), and whether it is safe to keep:
 * - JPEG (`FF D8 FF`) and PNG (its 8-byte signature) must have an intact
 *   structure up to their end marker (./image-structure.ts) and must not be
 *   polyglots (./polyglot.ts);
 * - PDF must start with `%PDF-` at byte 0 (readers accept it anywhere in the
 *   first 1 KB; a document has no reason to put anything before it) and
 *   must not act on its own (./pdf-safety.ts);
 * - anything else (GIF, WebP, HTML, SVG, ZIP…) is refused.
 * The size limit is the caller's (it answers 413 before reading the bytes).
 */
export function sniffDocument(bytes: Uint8Array): SniffedDocument {
  if (bytes.length === 0) return refuse('empty', 'no bytes');
  const text = latin1(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return image('image/jpeg', text, jpegEnd(bytes));
  if (text.startsWith('\x89PNG\r\n\x1a\n')) return image('image/png', text, pngEnd(bytes));
  if (text.startsWith('%PDF-')) {
    const problem = unsafePdfReason(text);
    return problem ? refuse(problem.problem, problem.detail) : { ok: true, mime: 'application/pdf' };
  }
  return refuse('type', `starts with ${Buffer.from(bytes.subarray(0, 8)).toString('hex')}`);
}

function image(mime: 'image/jpeg' | 'image/png', text: string, end: number | null): SniffedDocument {
  if (end === null) return refuse('damaged', `${mime} structure broken or unterminated`);
  const polyglot = imagePolyglotReason(text, end);
  return polyglot ? refuse('polyglot', polyglot) : { ok: true, mime };
}
