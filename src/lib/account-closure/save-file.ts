/**
 * Hands `blob` to the browser as a download named `name` (an object URL
 * on a temporary link), then frees the URL. The export is fetched with the
 * player's bearer token, so it cannot be a plain link.
 */
export function saveFile(blob: Blob, name: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header, or `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const name = header?.match(/filename="([^"]+)"/)?.[1];
  return name && /^[\w.-]+$/.test(name) ? name : fallback;
}
