import type { Locale, TenantBundle, TenantPage } from '../../src/contract/tenant-bundle.ts';

/**
 * Synthetic tenant content for the build benchmark: many custom pages
 * (`/pages/{slug}` in both locales) with bodies shaped like real operator
 * pages — headings, paragraphs, lists and a table, 3–6 KB each, different on
 * every page so compression and rendering do honest work. Deterministic (a
 * seeded PRNG), so two runs build the same site.
 */

const WORDS = {
  pt: 'aposta bônus cassino jogo depósito saque pix rodada prêmio regra jogador conta limite saldo responsável promoção cashback torneio esporte odds resultado verificação identidade prazo valor mínimo máximo condição termo'.split(' '),
  en: 'bet bonus casino game deposit withdrawal pix spin prize rule player account limit balance responsible promotion cashback tournament sport odds result verification identity deadline amount minimum maximum condition term'.split(' '),
} as const;

const HEADINGS = {
  pt: ['Como funciona', 'Regras gerais', 'Prazos e valores', 'Jogo responsável', 'Perguntas frequentes'],
  en: ['How it works', 'General rules', 'Deadlines and amounts', 'Responsible gaming', 'Frequently asked questions'],
} as const;

/** mulberry32: small, fast, seeded. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(rand: () => number, locale: Locale): string {
  const words = WORDS[locale];
  const n = 8 + Math.floor(rand() * 14);
  const out = Array.from({ length: n }, () => words[Math.floor(rand() * words.length)] as string);
  const text = out.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function paragraph(rand: () => number, locale: Locale): string {
  return `<p>${Array.from({ length: 3 + Math.floor(rand() * 4) }, () => sentence(rand, locale)).join(' ')}</p>`;
}

/** One page body, about 3–6 KB of sanitised-looking operator HTML. */
export function syntheticBody(index: number, locale: Locale): string {
  const rand = prng(index * 2 + (locale === 'en' ? 1 : 0));
  const parts: string[] = [];
  for (const heading of HEADINGS[locale]) {
    parts.push(`<h2>${heading}</h2>`, paragraph(rand, locale), paragraph(rand, locale));
    if (rand() < 0.5) {
      parts.push(`<ul>${Array.from({ length: 3 + Math.floor(rand() * 3) }, () => `<li>${sentence(rand, locale)}</li>`).join('')}</ul>`);
    }
  }
  const rows = Array.from({ length: 4 }, (_, r) => `<tr><td>${r + 1}</td><td>R$ ${(10 + Math.floor(rand() * 990)).toLocaleString('pt-BR')},00</td><td>${sentence(rand, locale)}</td></tr>`);
  parts.push(`<table><thead><tr><th>#</th><th>${locale === 'pt' ? 'Valor' : 'Amount'}</th><th>${locale === 'pt' ? 'Descrição' : 'Description'}</th></tr></thead><tbody>${rows.join('')}</tbody></table>`);
  return parts.join('\n');
}

/** `count` custom pages per locale, slugs `guia-0001`…, the same slug in pt and en. */
export function syntheticPages(count: number, updatedAt: string): TenantPage[] {
  const pages: TenantPage[] = [];
  for (let i = 1; i <= count; i += 1) {
    const slug = `guia-${String(i).padStart(4, '0')}`;
    pages.push(
      { kind: 'custom', slug, locale: 'pt', title: `Guia do jogador nº ${i}`, bodyHtml: syntheticBody(i, 'pt'), updatedAt },
      { kind: 'custom', slug, locale: 'en', title: `Player guide no. ${i}`, bodyHtml: syntheticBody(i, 'en'), updatedAt },
    );
  }
  return pages;
}

/** `base` moved to `domain` with `count` extra custom pages per locale. */
export function syntheticTenant(base: TenantBundle, domain: string, count: number): TenantBundle {
  const updatedAt = new Date().toISOString();
  return {
    ...base,
    domain,
    origin: `http://${domain}`,
    pages: [...base.pages, ...syntheticPages(count, updatedAt)],
    builtAt: updatedAt,
  };
}
