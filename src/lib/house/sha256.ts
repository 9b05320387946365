/**
 * SHA-256 of a text as lowercase hex, with the browser's WebCrypto: the
 * verification page checks a revealed server seed against the hash that was
 * committed before play without trusting the server's own answer.
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
