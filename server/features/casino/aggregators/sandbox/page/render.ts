import { formatMoney, formatRtp } from './format.ts';
import { fill, labelsFor } from './labels.ts';
import type { SandboxPageView } from './view.ts';

export type { SandboxPageView } from './view.ts';

/** Where the page's bundled script and stylesheet are served (see assets.ts). */
export interface SandboxPageAssets {
  jsPath: string;
  cssPath: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value made inert in HTML. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/**
 * The view as JSON that cannot close its <script> element or open a
 * comment: `<`, `>` and `&` become \u escapes, which JSON.parse reads back.
 */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The sandbox aggregator's game page: a complete HTML document in the
 * session's language. The header strip (title, studio, the demo-environment
 * badge, real money or demo, RTP, balance) is drawn here so it shows before
 * the script runs; the game itself is built by the bundled script from the
 * view, embedded as a JSON data block. Nothing inline is executable, so the
 * aggregator's `script-src 'self'` policy holds. The balance is not a live
 * region: it moves twice a round, and the result line already says it.
 */
export function renderGamePage(view: SandboxPageView, assets: SandboxPageAssets): string {
  const t = labelsFor(view.locale);
  const lang = view.locale === 'pt' ? 'pt-BR' : 'en';
  const title = escapeHtml(view.game.title);
  const provider = escapeHtml(view.game.provider);
  const mode = view.demo ? t['page.demo'] : t['page.real'];
  const balanceLabel = view.demo ? t['page.demoBalance'] : t['page.balance'];
  return `<!doctype html>
<html lang="${lang}" data-kind="${escapeHtml(view.game.kind)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="dark">
<title>${title} — ${provider}</title>
<link rel="stylesheet" href="${escapeHtml(assets.cssPath)}">
<script defer src="${escapeHtml(assets.jsPath)}"></script>
</head>
<body>
<div class="sbx sbx--${escapeHtml(view.game.kind)}">
<header class="sbx-top">
<div class="sbx-top__name">
<h1 class="sbx-top__title">${title}</h1>
<span class="sbx-top__provider">${escapeHtml(fill(t['page.by'], { provider: view.game.provider }))}</span>
</div>
<p class="sbx-badge" data-testid="sandbox-badge">${escapeHtml(t['page.badge'])}</p>
<div class="sbx-top__facts">
<span class="sbx-mode sbx-mode--${view.demo ? 'demo' : 'real'}" data-testid="sandbox-mode">${escapeHtml(mode)}</span>
<span class="sbx-rtp" data-testid="sandbox-rtp">RTP ${escapeHtml(formatRtp(view.rtpBps, view.locale))}</span>
<span class="sbx-balance"><span class="sbx-balance__label">${escapeHtml(balanceLabel)}</span> <output class="sbx-balance__value" id="sbx-balance" aria-live="off" data-testid="sandbox-balance">${escapeHtml(formatMoney(view.balance, view.locale))}</output></span>
</div>
</header>
<main class="sbx-game" id="sbx-game" aria-busy="true">
<p class="sbx-loading">${escapeHtml(t['page.loading'])}</p>
<noscript><p class="sbx-error">${escapeHtml(t['page.noScript'])}</p></noscript>
</main>
</div>
<script type="application/json" id="sandbox-view">${jsonForScript(view)}</script>
</body>
</html>
`;
}
