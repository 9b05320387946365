import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rasteriseSvg } from '../../../../server/features/avatars/rasterise-svg.ts';
import { sniffImageType } from '../../../../server/features/avatars/sniff.ts';
import { unsafeSvgReason } from '../../../../server/features/avatars/svg-safety.ts';
import { type AccountsHarness, accountsHarness, registerPlayer } from '../auth/helpers.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;');
const WEBP = new Uint8Array([...new TextEncoder().encode('RIFF'), 26, 0, 0, 0, ...new TextEncoder().encode('WEBPVP8 ')]);
const BMP = new Uint8Array([0x42, 0x4d, ...new Array(30).fill(0)]);
const SAFE_SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"/></defs><circle cx="5" cy="5" r="4" fill="url(#g)"/></svg>';

const svg = (inner: string, attrs = '') => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg"${attrs}>${inner}</svg>`);

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(() => h.close());

function form(bytes: Uint8Array, name: string, type: string): FormData {
  const data = new FormData();
  data.set('avatar', new File([new Uint8Array(bytes)], name, { type }));
  return data;
}

describe('image sniffing', () => {
  it.each([
    [PNG, 'png'],
    [JPEG, 'jpg'],
    [GIF, 'gif'],
    [WEBP, 'webp'],
    [BMP, 'bmp'],
    [new TextEncoder().encode(SAFE_SVG), 'svg'],
    [new TextEncoder().encode('\uFEFF<!-- logo --><svg viewBox="0 0 1 1"></svg>'), 'svg'],
    [new TextEncoder().encode('<html><svg></svg></html>'), null],
    [new TextEncoder().encode('%PDF-1.7'), null],
    [new Uint8Array([0x4d, 0x5a, 0x90, 0]), null],
  ])('recognises %#', (bytes, type) => {
    expect(sniffImageType(bytes)).toBe(type);
  });

  it.each([
    ['script', svg('<script>alert(1)</script>')],
    ['namespaced XHTML script', svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>')],
    ['svg-prefixed script', new TextEncoder().encode('<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script></svg:svg>')],
    ['namespaced foreignObject', svg('<s:foreignObject xmlns:s="http://www.w3.org/2000/svg"><div/></s:foreignObject>')],
    ['event handler', svg('<rect/>', ' onload="alert(1)"')],
    ['slash-separated handler', new TextEncoder().encode('<svg/onload=alert(1)>')],
    ['foreignObject', svg('<foreignObject><iframe src="x"/></foreignObject>')],
    ['external href', svg('<use href="https://evil.example/x.svg#a"/>')],
    ['xlink javascript', svg('<a xlink:href="javascript:alert(1)"><text>x</text></a>')],
    ['external image', svg('<image href="data:image/png;base64,AAAA"/>')],
    ['css url', svg('<rect style="fill:url(https://evil.example/)"/>')],
    ['css import', svg('<style>@import "https://evil.example/x.css";</style>')],
    ['entity', new TextEncoder().encode('<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>')],
    ['animated href', svg('<a><set attributeName="href" to="javascript:alert(1)"/></a>')],
    ['encoded javascript', svg('<a href="&#106;avascript:alert(1)"/>')],
  ])('refuses an SVG with %s', (_label, bytes) => {
    expect(unsafeSvgReason(bytes)).not.toBeNull();
  });

  it('keeps a plain drawing with internal references', () => {
    expect(unsafeSvgReason(new TextEncoder().encode(SAFE_SVG))).toBeNull();
  });
});

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('rasteriseSvg (the markup never survives, whatever the text screen misses)', () => {
  const XHTML = 'http://www.w3.org/1999/xhtml';
  it.each([
    ['namespaced XHTML script', svg(`<h:script xmlns:h="${XHTML}">alert('pwned')</h:script><circle cx="5" cy="5" r="4"/>`, ' viewBox="0 0 10 10"')],
    ['script', svg(`<script>alert('pwned')</script><rect width="5" height="5"/>`, ' viewBox="0 0 10 10"')],
    ['onload handler', svg('<rect width="5" height="5"/>', ` viewBox="0 0 10 10" onload="alert('pwned')"`)],
    ['javascript: href', svg(`<a href="javascript:alert('pwned')"><rect width="5" height="5"/></a>`, ' viewBox="0 0 10 10"')],
    ['foreignObject', svg(`<foreignObject width="9" height="9"><div xmlns="${XHTML}"><img src="x" onerror="alert('pwned')"/></div></foreignObject>`, ' viewBox="0 0 10 10"')],
    ['external xlink:href', svg(`<image xlink:href="http://127.0.0.1:9/pwned.png" width="9" height="9"/>`, ' xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"')],
    ['external use', svg('<use href="http://127.0.0.1:9/pwned.svg#a"/><rect width="5" height="5"/>', ' viewBox="0 0 10 10"')],
    ['local file image', svg('<image href="file:///etc/passwd" width="9" height="9"/><rect width="5" height="5"/>', ' viewBox="0 0 10 10"')],
  ])('draws an SVG with %s as a plain PNG', async (_label, bytes) => {
    const png = await rasteriseSvg(bytes);
    expect(png).not.toBeNull();
    expect([...(png as Uint8Array).subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(sniffImageType(png as Uint8Array)).toBe('png');
    expect(latin1(png as Uint8Array)).not.toMatch(/pwned|script|alert|<svg/i);
  });

  it.each([
    ['external entity (XXE)', '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>'],
    ['entity expansion', '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>'],
  ])('never leaks %s into the image', async (_label, text) => {
    const png = await rasteriseSvg(new TextEncoder().encode(text));
    if (png) expect(latin1(png)).not.toMatch(/root:|aaaa|<svg/);
  });

  it('refuses what it cannot draw: malformed XML and a gigantic canvas', async () => {
    expect(await rasteriseSvg(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><rect'))).toBeNull();
    expect(await rasteriseSvg(svg('<rect width="5" height="5"/>', ' width="100000" height="100000"'))).toBeNull();
  });
});

describe('POST /profile/uploadAvatar', () => {
  it('stores the image under a random name with the sniffed type, whatever the client claims, and serves it safely', async () => {
    const { token } = await registerPlayer(h, '+5511987690001');
    const answer = await h.call('POST', '/profile/uploadAvatar', { token, body: form(PNG, 'photo.gif', 'image/gif') });
    expect(answer.status).toBe(200);
    const url = (answer.body.data as { avatar: string }).avatar;
    expect(url).toMatch(/^\/api\/avatars\/[0-9a-f]{32}\.png$/);
    const served = await h.app.request(url, { headers: { host: 'localhost' } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="[0-9a-f]{32}\.png"$/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    const replaced = await h.call('POST', '/profile/uploadAvatar', { token, body: form(new TextEncoder().encode(SAFE_SVG), 'a.png', 'image/png') });
    // An accepted SVG is stored as the PNG it draws: no SVG markup is ever served back.
    const svgUrl = (replaced.body.data as { avatar: string }).avatar;
    expect(svgUrl).toMatch(/^\/api\/avatars\/[0-9a-f]{32}\.png$/);
    const svgServed = await h.app.request(svgUrl, { headers: { host: 'localhost' } });
    expect(svgServed.headers.get('content-type')).toBe('image/png');
    expect(sniffImageType(new Uint8Array(await svgServed.arrayBuffer()))).toBe('png');
    expect((await h.app.request(url, { headers: { host: 'localhost' } })).status).toBe(404);
    expect(await readdir(join(h.dataDir, 'avatars'))).toHaveLength(1);
  });

  it('refuses scripts in SVG, unknown types, oversize and missing files with 422 errors.avatar', async () => {
    const { token } = await registerPlayer(h, '+5511987690002');
    const before = await readdir(join(h.dataDir, 'avatars')).catch(() => []);
    const evil = await h.call('POST', '/profile/uploadAvatar', { token, body: form(svg('<script>alert(1)</script>'), 'a.svg', 'image/svg+xml') });
    expect(evil.status).toBe(422);
    expect((evil.body.errors as { avatar: string[] }).avatar[0]).toMatch(/SVG contém scripts/);
    const html = await h.call('POST', '/profile/uploadAvatar', { token, body: form(new TextEncoder().encode('<html><script>x</script></html>'), 'a.png', 'image/png') });
    expect(html.status).toBe(422);
    expect((html.body.errors as { avatar: string[] }).avatar[0]).toMatch(/Formato não suportado/);
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await h.call('POST', '/profile/uploadAvatar', { token, body: form(big, 'big.png', 'image/png') });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors).toEqual({ avatar: ['A imagem deve ter no máximo 2 MB.'] });
    const none = await h.call('POST', '/profile/uploadAvatar', { token, body: new FormData() });
    expect(none.body.errors).toEqual({ avatar: ['Escolha uma imagem.'] });
    expect(await readdir(join(h.dataDir, 'avatars')).catch(() => [])).toEqual(before);
    expect((await h.call('GET', '/auth/me', { token })).body.data).toMatchObject({ avatar: null });
    expect((await h.call('POST', '/profile/uploadAvatar', { body: form(PNG, 'a.png', 'image/png') })).status).toBe(401);
  });

  it('serves only stored names (no traversal)', async () => {
    for (const name of ['..%2F..%2Fpackage.json', 'x.png', `${'a'.repeat(32)}.html`]) {
      expect((await h.app.request(`/api/avatars/${name}`, { headers: { host: 'localhost' } })).status).toBe(404);
    }
  });
});
