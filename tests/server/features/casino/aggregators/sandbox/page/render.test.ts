import { describe, expect, it } from 'vitest';
import { renderGamePage, type SandboxPageView } from '../../../../../../../server/features/casino/aggregators/sandbox/page/render.ts';

const ASSETS = { jsPath: '/sandbox-aggregator/assets/game.abc.js', cssPath: '/sandbox-aggregator/assets/game.def.css' };

function view(overrides: Partial<SandboxPageView> = {}): SandboxPageView {
  return {
    token: 'launch-token',
    locale: 'pt',
    demo: false,
    game: { title: 'Tigre Dourado', provider: 'Aurora Gaming', kind: 'slots' },
    rtpBps: 9650,
    balance: 5156,
    limits: { minStake: 50, maxStake: 50_000 },
    rules: { paytable: { seven: [400, 2000, 15000] } },
    apiBase: '/sandbox-aggregator',
    ...overrides,
  };
}

/** The page's visible text, tags and the JSON block removed, whitespace squashed. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The embedded view, read back as the browser script reads it. */
function embeddedView(html: string): unknown {
  const match = /<script type="application\/json" id="sandbox-view">([\s\S]*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!);
}

describe('renderGamePage', () => {
  it('writes a Portuguese real-money page: language, demo-environment badge, mode, RTP and balance like the platform', () => {
    const html = renderGamePage(view(), ASSETS);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="pt-BR"');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">');
    const text = visibleText(html);
    expect(text).toContain('Ambiente de demonstração — agregador sandbox');
    expect(text).toContain('Dinheiro real');
    expect(text).toContain('RTP 96,50 %');
    expect(text).toMatch(/Saldo R\$\s51,56/);
    expect(text).toContain('Tigre Dourado');
    expect(text).toContain('por Aurora Gaming');
  });

  it('writes an English demo page in English', () => {
    const html = renderGamePage(view({ locale: 'en', demo: true, balance: 100_000 }), ASSETS);
    expect(html).toContain('<html lang="en"');
    const text = visibleText(html);
    expect(text).toContain('Demo environment — sandbox aggregator');
    expect(text).toContain('Demo mode');
    expect(text).toContain('RTP 96.50%');
    expect(text).toContain('Demo balance R$1,000.00');
    expect(text).toContain('by Aurora Gaming');
    expect(text).not.toMatch(/Dinheiro|Saldo|Ambiente/);
  });

  it('escapes the title and studio everywhere they appear', () => {
    const html = renderGamePage(view({ game: { title: '<img src=x onerror=alert(1)> "Tigre"', provider: 'A&B <Studio>', kind: 'slots' } }), ASSETS);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<Studio>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;Tigre&quot;');
    expect(html).toContain('A&amp;B &lt;Studio&gt;');
  });

  it('embeds the view as JSON that cannot close its script element, and reads back unchanged', () => {
    const hostile = view({ rules: { note: '</script><script>alert(1)</script><!--' }, game: { title: '</script>', provider: 'x', kind: 'crash' } });
    const html = renderGamePage(hostile, ASSETS);
    // Exactly one closing tag per script element: the data block's own and the bundle's.
    expect(html.match(/<\/script>/g)?.length).toBe(2);
    expect(html).not.toContain('<!--');
    expect(embeddedView(html)).toEqual(hostile);
  });

  it('runs no inline script: only the bundled file, and the stylesheet by its hashed path', () => {
    const html = renderGamePage(view(), ASSETS);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(2);
    for (const [, attrs, body] of scripts) {
      if (attrs!.includes('type="application/json"')) continue;
      expect(attrs).toContain(`src="${ASSETS.jsPath}"`);
      expect(body).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toContain('<style');
    expect(html).toContain(`<link rel="stylesheet" href="${ASSETS.cssPath}">`);
  });
});
