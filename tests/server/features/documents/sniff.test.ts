import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sniffDocument } from '../../../../server/features/documents/sniff.ts';
import { FIXTURES, fixture } from './helpers.ts';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** A small PDF around `body` (objects), ending with a trailer and %%EOF as writers do. */
const pdf = (body: string, tail = '') => bytes(`%PDF-1.7\n%\xe2\xe3\xcf\xd3\n${body}\ntrailer\n<< /Root 1 0 R >>\nstartxref\n0\n%%EOF\n${tail}`);

/** A stream object with a correct /Length. */
const stream = (n: number, dict: string, data: string) => `${n} 0 obj\n<< ${dict} /Length ${data.length} >>\nstream\n${data}\nendstream\nendobj`;

/** A JPEG with a COM (comment) segment holding `comment` right after SOI. */
async function jpegWithComment(comment: string): Promise<Uint8Array> {
  const jpeg = await fixture(FIXTURES.selfie);
  const text = bytes(comment);
  const segment = new Uint8Array([0xff, 0xfe, (text.length + 2) >> 8, (text.length + 2) & 0xff, ...text]);
  return concat(jpeg.subarray(0, 2), segment, jpeg.subarray(2));
}

describe('sniffDocument', () => {
  it('accepts the JPEG, PNG and PDF fixtures by their bytes', async () => {
    expect(sniffDocument(await fixture(FIXTURES.identity_front))).toEqual({ ok: true, mime: 'image/jpeg' });
    expect(sniffDocument(await fixture(FIXTURES.identity_back))).toEqual({ ok: true, mime: 'image/png' });
    expect(sniffDocument(await fixture(FIXTURES.proof_of_address))).toEqual({ ok: true, mime: 'application/pdf' });
  });

  it('refuses an empty file, a GIF, an HTML page, an SVG and a ZIP', () => {
    expect(sniffDocument(new Uint8Array(0))).toMatchObject({ ok: false, problem: 'empty' });
    for (const other of ['GIF89a\x01\x00\x01\x00\x00\x00\x00;', '<!doctype html><p>hi', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'PK\x03\x04\x14\x00']) {
      expect(sniffDocument(bytes(other))).toMatchObject({ ok: false, problem: 'type' });
    }
  });

  it('refuses a truncated image (no end marker)', async () => {
    const jpeg = await fixture(FIXTURES.selfie);
    const png = await fixture(FIXTURES.identity_back);
    expect(sniffDocument(jpeg.subarray(0, jpeg.length - 10))).toMatchObject({ ok: false, problem: 'damaged' });
    expect(sniffDocument(png.subarray(0, png.length - 12))).toMatchObject({ ok: false, problem: 'damaged' });
  });

  describe('PDFs that act on their own', () => {
    it.each([
      ['/JavaScript action', '1 0 obj << /Type /Catalog /Names << /JavaScript 2 0 R >> >> endobj', '/JavaScript'],
      ['/JS string', '2 0 obj << /S /JavaScript /JS (app.alert\\(1\\)) >> endobj', '/JavaScript'],
      ['/OpenAction', '1 0 obj << /Type /Catalog /OpenAction 3 0 R >> endobj', '/OpenAction'],
      ['/AA on a page', '3 0 obj << /Type /Page /AA << /O 4 0 R >> >> endobj', '/AA'],
      ['/Launch', '4 0 obj << /S /Launch /F (cmd.exe) >> endobj', '/Launch'],
      ['/EmbeddedFile', '5 0 obj << /Type /EmbeddedFile /Length 0 >> endobj', '/EmbeddedFile'],
      ['/RichMedia', '6 0 obj << /Subtype /RichMedia >> endobj', '/RichMedia'],
      ['/XFA form', '7 0 obj << /XFA 8 0 R >> endobj', '/XFA'],
    ])('refuses %s', (_, body, name) => {
      expect(sniffDocument(pdf(body))).toMatchObject({ ok: false, problem: 'pdf_active', detail: name });
    });

    it('decodes name escapes: /J#61vaScript and /Open#41ction are refused', () => {
      expect(sniffDocument(pdf('2 0 obj << /S /J#61vaScript /J#53 (x) >> endobj'))).toMatchObject({ ok: false, problem: 'pdf_active', detail: '/JavaScript' });
      expect(sniffDocument(pdf('1 0 obj << /Open#41ction 2 0 R >> endobj'))).toMatchObject({ ok: false, problem: 'pdf_active', detail: '/OpenAction' });
    });

    it('finds a /JavaScript action hidden in a compressed object stream, even behind an escaped /Filter', () => {
      const hidden = deflateSync(Buffer.from('9 0 << /S /JavaScript /JS (app.alert(1)) >>', 'latin1')).toString('latin1');
      expect(sniffDocument(pdf(stream(8, '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', hidden)))).toMatchObject({ ok: false, problem: 'pdf_active' });
      expect(sniffDocument(pdf(stream(8, '/Type /Obj#53tm /N 1 /First 4 /Fi#6cter /Fl#61teDecode', hidden)))).toMatchObject({ ok: false, problem: 'pdf_active' });
      const plain = deflateSync(Buffer.from('9 0 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>', 'latin1')).toString('latin1');
      expect(sniffDocument(pdf(stream(8, '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', plain)))).toEqual({ ok: true, mime: 'application/pdf' });
    });

    it('refuses an object stream it cannot decode (another filter, not deflated data)', () => {
      expect(sniffDocument(pdf(stream(8, '/Type /ObjStm /N 1 /First 4 /Filter /LZWDecode', 'xxxx')))).toMatchObject({ ok: false, problem: 'damaged' });
      expect(sniffDocument(pdf(stream(8, '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', 'not deflate')))).toMatchObject({ ok: false, problem: 'damaged' });
    });

    it('skips a stream body whose /Length checks out (image bytes may spell /JS), and scans one whose length does not', () => {
      expect(sniffDocument(pdf(stream(4, '/Subtype /Image', 'ab/JS cd')))).toEqual({ ok: true, mime: 'application/pdf' });
      const lying = '4 0 obj\n<< /Length 2 >>\nstream\nab 5 0 obj << /OpenAction 6 0 R >> endobj\nendstream\nendobj';
      expect(sniffDocument(pdf(lying))).toMatchObject({ ok: false, problem: 'pdf_active', detail: '/OpenAction' });
    });

    it('does not let a `stream` keyword in a string or a comment hide a dictionary', () => {
      const inString = `1 0 obj (<< /Length 60 >>\nstream\n) endobj 2 0 obj << /OpenAction 3 0 R >> endobj (\nendstream)`;
      expect(sniffDocument(pdf(inString))).toMatchObject({ ok: false, problem: 'pdf_active' });
      const inComment = `% << /Length 60 >>\nstream\n2 0 obj << /OpenAction 3 0 R >> endobj\n% endstream`;
      expect(sniffDocument(pdf(inComment))).toMatchObject({ ok: false, problem: 'pdf_active' });
    });

    it('refuses an encrypted PDF (the review could not read it)', () => {
      expect(sniffDocument(pdf('9 0 obj << /Filter /Standard /V 2 >> endobj\ntrailer << /Encrypt 9 0 R >>'))).toMatchObject({ ok: false, problem: 'encrypted' });
    });
  });

  describe('polyglots', () => {
    it('refuses a JPEG with a PDF header in its first 1 KB', async () => {
      expect(sniffDocument(await jpegWithComment('%PDF-1.4 1 0 obj << >> endobj'))).toMatchObject({ ok: false, problem: 'polyglot' });
    });

    it('refuses an image carrying HTML or script markup', async () => {
      expect(sniffDocument(await jpegWithComment('<script>alert(1)</script>'))).toMatchObject({ ok: false, problem: 'polyglot' });
      const png = await fixture(FIXTURES.identity_back);
      expect(sniffDocument(concat(png, bytes('<html><body>hi</body></html>')))).toMatchObject({ ok: false, problem: 'polyglot' });
    });

    it('refuses a ZIP, a PDF or a RAR appended after the image\'s end marker, and accepts a plain trailer', async () => {
      const jpeg = await fixture(FIXTURES.selfie);
      const png = await fixture(FIXTURES.identity_back);
      expect(sniffDocument(concat(jpeg, bytes('PK\x03\x04\x14\x00\x00\x00payload.txt')))).toMatchObject({ ok: false, problem: 'polyglot', detail: 'ZIP after the end marker' });
      expect(sniffDocument(concat(png, bytes('\n\n%PDF-1.4\n')))).toMatchObject({ ok: false, problem: 'polyglot' });
      expect(sniffDocument(concat(png, bytes('Rar!\x1a\x07\x00')))).toMatchObject({ ok: false, problem: 'polyglot' });
      // A phone's extra JPEG (an MPF preview) after the first: still just images.
      expect(sniffDocument(concat(jpeg, jpeg))).toEqual({ ok: true, mime: 'image/jpeg' });
      expect(sniffDocument(concat(png, new Uint8Array(64)))).toEqual({ ok: true, mime: 'image/png' });
    });

    it('refuses a PDF carrying HTML, and one with a ZIP or a page after %%EOF', () => {
      expect(sniffDocument(pdf('1 0 obj (<html><script>alert(1)</script></html>) endobj'))).toMatchObject({ ok: false, problem: 'polyglot' });
      expect(sniffDocument(pdf('1 0 obj << /Type /Catalog >> endobj', 'PK\x03\x04zip'))).toMatchObject({ ok: false, problem: 'polyglot', detail: 'data after %%EOF' });
      // Whitespace and NUL padding after %%EOF are fine.
      expect(sniffDocument(pdf('1 0 obj << /Type /Catalog >> endobj', '\r\n\x00\x00'))).toEqual({ ok: true, mime: 'application/pdf' });
    });

    it('refuses a PDF whose header is not at byte 0 (nothing may come before it)', async () => {
      const jpeg = await fixture(FIXTURES.selfie);
      expect(sniffDocument(concat(bytes('junk\n'), await fixture(FIXTURES.proof_of_address)))).toMatchObject({ ok: false, problem: 'type' });
      expect(sniffDocument(concat(bytes('%PDF'), jpeg))).toMatchObject({ ok: false });
    });
  });
});
