/*
 * What the API fuzz suite sends: hostile values, bodies built from them and
 * a seeded random generator so every run sends the same requests.
 */

/** mulberry32: a small, fast, seeded generator (deterministic runs). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

/** Values of every JSON type that no honest form sends. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  -0.5,
  1.5,
  2 ** 53 + 1,
  -(2 ** 63),
  1e308,
  -1e308,
  '',
  ' ',
  '-1',
  '1e9999',
  'NaN',
  'x'.repeat(20_000),
  '🎰🐯💸'.repeat(50),
  'مرحبا بالعالم', // RTL
  'a\u202Egpj.exe', // RTL override
  'Z̷̢̛͓̈́a̶̛͍͐l̵̰̈́g̸̙̀o̶̱͝', // combining marks
  'e\u0301\u0301\u0301',
  '\uD800', // lone surrogate
  'a\u0000b',
  '\u001b[31mred',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '{"$ne":null}',
  [],
  [1, 2, 3],
  ['a', null, {}],
  {},
  { nested: { deeper: [{ x: 'a\u0000' }] } },
  { __proto__: { polluted: true } },
];

/** Values an honest form might send, so that one hostile field among them reaches deeper than validation. */
export const PLAUSIBLE_VALUES: readonly unknown[] = [
  1,
  2,
  10,
  100,
  true,
  false,
  'abc',
  'pg',
  'fortune-tiger',
  'slots',
  'pt',
  'en',
  'maria@example.com',
  '+5511987654321',
  'Maria Silva',
  'Senha-forte-123',
  '52998224725',
  '2030-01-01T00:00:00.000Z',
  'https://example.com/a.png',
  { pt: 'Olá', en: 'Hello' },
];

/** Field names many routes read, sent even when an empty body names none. */
export const COMMON_FIELDS = [
  'id',
  'user_id',
  'game_id',
  'provider_code',
  'amount',
  'value',
  'text',
  'name',
  'email',
  'password',
  'username',
  'phone',
  'code',
  'cpf',
  'status',
  'type',
  'page',
  'limit',
  'minutes',
  'txid',
  'method_id',
  'key',
  'socket_id',
  'channel_name',
] as const;

/** Query parameters the list and search calls read. */
export const QUERY_NAMES = ['page', 'limit', 'status', 'searchTerm', 'category', 'provider', 'to', 'domain', 'type', 'per_page', 'game', 'order', 'cursor'] as const;

/** Raw query strings: repeated, array-style, huge, negative, unicode, empty names. */
export const HOSTILE_QUERIES: readonly string[] = [
  'page=1&page=2&page=-1',
  'page[]=1&page[]=2',
  'limit=-1',
  'limit=99999999999999999999',
  'page=0',
  'page=1.5',
  `searchTerm=${'a'.repeat(5000)}`,
  `searchTerm=${encodeURIComponent('🎰 مرحبا a\u0301')}`,
  'searchTerm=%25%27%22%5C',
  '=&&=x&%=%',
  'status=9&type=__proto__&domain=evil.example',
  'to=' + encodeURIComponent("' OR 1=1 --"),
  'searchTerm=a%00b',
  'category=%00&provider=%01',
  'to=a%00b',
];

/** Stand-ins for path parameters: numbers out of range, text, traversal, unicode, huge. */
export const PARAM_VALUES: readonly string[] = [
  '1',
  '0',
  '-1',
  '99999999999999999999',
  '1.5',
  'abc',
  '..%2F..%2Fetc%2Fpasswd',
  encodeURIComponent('🎰'),
  'a'.repeat(600),
  '%27%20OR%201%3D1',
  'a%00b',
];

/** A body to send: JSON text (possibly broken), or form data, with the content type it claims. */
export interface FuzzBody {
  label: string;
  text?: string;
  bytes?: Uint8Array<ArrayBuffer>;
  form?: FormData;
  contentType?: string;
}

/** Bodies every write call gets, whatever it expects. */
export function fixedBodies(): FuzzBody[] {
  const form = new FormData();
  form.set('avatar', new Blob(['GIF89a not really'], { type: 'image/gif' }), 'x.gif');
  form.set('image', new Blob([new Uint8Array(64)], { type: 'image/png' }), 'x.png');
  form.set('text', 'a\u0000b');
  return [
    { label: 'no body' },
    { label: 'malformed JSON', text: '{"a":', contentType: 'application/json' },
    { label: 'JSON null', text: 'null', contentType: 'application/json' },
    { label: 'JSON array', text: '[{"a":1}]', contentType: 'application/json' },
    { label: 'JSON string', text: '"text"', contentType: 'application/json' },
    { label: 'JSON number', text: '-1e308', contentType: 'application/json' },
    { label: 'deep nesting', text: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' },
    { label: 'empty object', text: '{}', contentType: 'application/json' },
    { label: 'text/plain', text: 'hello', contentType: 'text/plain' },
    { label: 'form', form },
    { label: 'urlencoded', text: 'socket_id=1.1&channel_name=a%00b&a[]=1', contentType: 'application/x-www-form-urlencoded' },
    { label: 'invalid UTF-8', bytes: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]), contentType: 'application/json' },
    { label: 'UTF-16 claimed', text: '\uFEFF{"a":"b"}', contentType: 'application/json; charset=utf-16' },
    { label: 'raw NUL in JSON text', text: '{"a":"\u0000"}', contentType: 'application/json' },
    { label: 'escaped NUL key', text: '{"\\u0000":"\\u0000"}', contentType: 'application/json' },
  ];
}

/**
 * Bodies built from the fields a route names (its 422 answer to `{}`) plus
 * the common ones: every field set to one hostile value, then random mixes,
 * each field missing, present, or twice (the last one wins in JSON).
 */
export function schemaBodies(fields: readonly string[], random: () => number, mixes: number): FuzzBody[] {
  const json = (label: string, value: unknown): FuzzBody => ({ label, text: JSON.stringify(value), contentType: 'application/json' });
  const all = [...new Set([...fields, ...COMMON_FIELDS])];
  const bodies: FuzzBody[] = [];
  for (const value of HOSTILE_VALUES) {
    if (random() < 0.5) bodies.push(json(`every field = ${short(value)}`, Object.fromEntries(fields.map((f) => [f, value]))));
  }
  for (let i = 0; i < mixes; i++) {
    const body: Record<string, unknown> = {};
    for (const field of random() < 0.5 ? fields : all) {
      if (random() < 0.2) continue; // missing
      body[field] = pick(random, HOSTILE_VALUES);
    }
    bodies.push(json(`mix ${i}`, body));
  }
  // Plausible bodies with one hostile field: past validation of the others.
  for (let i = 0; i < mixes && fields.length > 0; i++) {
    const body: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f, pick(random, PLAUSIBLE_VALUES)]));
    body[pick(random, fields)] = pick(random, HOSTILE_VALUES);
    bodies.push(json(`plausible ${i}`, body));
    bodies.push(json(`plausible ${i} unchanged`, Object.fromEntries(fields.map((f) => [f, pick(random, PLAUSIBLE_VALUES)]))));
  }
  // A key given twice: JSON.parse keeps the last one.
  if (fields[0]) bodies.push({ label: 'repeated key', text: `{"${fields[0]}":1,"${fields[0]}":"a\\u0000"}`, contentType: 'application/json' });
  return bodies;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 24 ? `${text.slice(0, 24)}…` : text;
}
