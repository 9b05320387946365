/**
 * Stand-in for Cloudflare Turnstile's `api.js` (browser tests only): the
 * documented explicit-rendering API — `turnstile.render(container, options)`,
 * `reset`, `remove`, `getResponse`, `ready`, and the `?onload=` callback.
 * The widget is a "Não sou um robô" / "I am human" checkbox; ticking it asks
 * the stand-in for a token that its siteverify endpoint will accept once.
 */
(() => {
  const script = document.currentScript;
  const origin = new URL(script.src).origin;
  const widgets = new Map();
  let next = 0;

  const LABELS = { pt: 'Não sou um robô', en: 'I am human' };
  const label = (language) =>
    String(language ?? navigator.language)
      .toLowerCase()
      .startsWith('pt')
      ? LABELS.pt
      : LABELS.en;

  function widgetOf(id) {
    if (id === undefined) return widgets.values().next().value;
    return widgets.get(id);
  }

  function render(container, options = {}) {
    const parent = typeof container === 'string' ? document.querySelector(container) : container;
    if (!parent) throw new Error('turnstile: container not found');
    if (!options.sitekey) throw new Error('turnstile: sitekey is required');
    const id = `cf-stand-in-${++next}`;
    const box = document.createElement('div');
    box.id = id;
    box.className = 'cf-turnstile-stand-in';
    const button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('role', 'checkbox');
    button.setAttribute('aria-checked', 'false');
    button.textContent = label(options.language);
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = options['response-field-name'] ?? 'cf-turnstile-response';
    box.append(button, input);
    parent.append(box);
    const widget = { box, button, input, options, response: undefined };
    widgets.set(id, widget);

    button.addEventListener('click', async () => {
      if (widget.response) return;
      button.disabled = true;
      try {
        const answer = await fetch(`${origin}/turnstile/v0/token?sitekey=${encodeURIComponent(options.sitekey)}`, { method: 'POST' });
        if (!answer.ok) throw new Error(`token ${answer.status}`);
        const { token } = await answer.json();
        widget.response = token;
        input.value = token;
        button.setAttribute('aria-checked', 'true');
        options.callback?.(token);
      } catch (error) {
        options['error-callback']?.(error instanceof Error ? error.message : String(error));
      } finally {
        button.disabled = false;
      }
    });
    return id;
  }

  function reset(id) {
    const widget = widgetOf(id);
    if (!widget) return;
    widget.response = undefined;
    widget.input.value = '';
    widget.button.setAttribute('aria-checked', 'false');
  }

  function remove(id) {
    const widget = widgetOf(id);
    if (!widget) return;
    widget.box.remove();
    for (const [key, value] of widgets) if (value === widget) widgets.delete(key);
  }

  window.turnstile = {
    render,
    reset,
    remove,
    getResponse: (id) => widgetOf(id)?.response,
    isExpired: () => false,
    ready: (callback) => callback(),
    execute: () => undefined,
  };

  const onload = new URL(script.src).searchParams.get('onload');
  if (onload && typeof window[onload] === 'function') window[onload]();
})();
