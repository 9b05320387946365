import sharp from 'sharp';
import { SORTE, SORTE_KEY, type StaffHarness } from '../staff/harness.ts';

export interface RawAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
  bytes: Uint8Array;
}

/** A PNG of `width` × `height` in one colour: a different colour is a different file. */
export async function solidPng(width: number, height: number, rgb: [number, number, number] = [200, 30, 30]): Promise<Uint8Array<ArrayBuffer>> {
  const [r, g, b] = rgb;
  return new Uint8Array(await sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).png().toBuffer());
}

/** A JPEG of `width` × `height`. */
export async function solidJpeg(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } }).jpeg().toBuffer());
}

/**
 * A call to the platform as the back office makes it, with a raw body
 * (the staff harness only sends JSON): the operator key unless `cookie`.
 */
export async function operatorCall(
  h: StaffHarness,
  method: string,
  path: string,
  opts: { body?: Uint8Array<ArrayBuffer>; type?: string; lang?: string; cookie?: string; key?: string; host?: string } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { host: opts.host ?? SORTE, 'accept-language': opts.lang ?? 'en' };
  if (opts.body) headers['content-type'] = opts.type ?? 'application/octet-stream';
  if (opts.cookie) {
    headers.cookie = opts.cookie;
    headers['x-backoffice'] = '1';
  } else {
    headers['x-operator-key'] = opts.key ?? SORTE_KEY;
  }
  const res = await h.app.request(`/api/operator${path}`, { method, headers, ...(opts.body ? { body: opts.body } : {}) });
  const bytes = new Uint8Array(await res.arrayBuffer());
  let body: Record<string, unknown> = {};
  if ((res.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  return { status: res.status, body, headers: res.headers, bytes };
}

/** `POST /operator/site-files` with `bytes` as the body. */
export function upload(h: StaffHarness, bytes: Uint8Array<ArrayBuffer>, opts: Omit<NonNullable<Parameters<typeof operatorCall>[3]>, 'body'> = {}): Promise<RawAnswer> {
  return operatorCall(h, 'POST', '/site-files', { ...opts, body: bytes });
}
