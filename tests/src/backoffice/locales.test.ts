import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import enUS from '../../../src/backoffice/locales/en-US.json';
import ptBR from '../../../src/backoffice/locales/pt-BR.json';

function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) for (const [k, v] of flatten(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  } else out.set(prefix, node);
  return out;
}

const pt = flatten(ptBR);
const en = flatten(enUS);
const DIR = 'src/backoffice';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
}

/** Keys used as `t('literal')` and the prefixes of `t(`prefix.${…}`)`. */
function usedKeys(): { literal: Set<string>; prefixes: Set<string> } {
  const literal = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of sources(DIR)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bt\('([a-zA-Z0-9_.]+)'/g)) literal.add(m[1]!);
    for (const m of text.matchAll(/\bt\(`([a-zA-Z0-9_.]+)\.\$\{/g)) prefixes.add(m[1]!);
  }
  return { literal, prefixes };
}

const known = (key: string) => pt.has(key) || pt.has(`${key}_one`);

describe('back-office texts', () => {
  it('pt-BR and en-US define exactly the same keys, none empty', () => {
    expect([...pt.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, value] of [...pt, ...en]) expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
  });

  it('every text the screens ask for exists', () => {
    const { literal, prefixes } = usedKeys();
    expect(literal.size).toBeGreaterThan(80);
    expect([...literal].filter((key) => !known(key))).toEqual([]);
    expect([...prefixes].filter((prefix) => ![...pt.keys()].some((k) => k.startsWith(`${prefix}.`)))).toEqual([]);
  });
});
