/**
 * Stand-in for Google Identity Services' `gsi/client` (browser tests only):
 * `google.accounts.id.initialize({ client_id, callback })`, `renderButton`,
 * `prompt`, `disableAutoSelect`, `cancel`, and `window.onGoogleLibraryLoad`.
 * The rendered button asks the stand-in for an ID token signed for the
 * initialised `client_id` and hands it to the callback as `{ credential }`.
 */
(() => {
  const origin = new URL(document.currentScript.src).origin;
  let settings = null;

  const TEXTS = {
    signin_with: { pt: 'Fazer login com o Google', en: 'Sign in with Google' },
    signup_with: { pt: 'Inscrever-se com o Google', en: 'Sign up with Google' },
    continue_with: { pt: 'Continuar com o Google', en: 'Continue with Google' },
    signin: { pt: 'Fazer login', en: 'Sign in' },
  };

  async function signIn() {
    if (!settings) throw new Error('google.accounts.id.initialize was not called');
    const answer = await fetch(`${origin}/gsi/token?aud=${encodeURIComponent(settings.client_id)}`);
    if (!answer.ok) throw new Error(`token ${answer.status}`);
    const { credential } = await answer.json();
    settings.callback?.({
      credential,
      select_by: 'btn',
      clientId: settings.client_id,
    });
  }

  function renderButton(parent, options = {}) {
    const locale = String(options.locale ?? navigator.language)
      .toLowerCase()
      .startsWith('pt')
      ? 'pt'
      : 'en';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'gsi-stand-in-button';
    button.textContent = (TEXTS[options.text] ?? TEXTS.signin_with)[locale];
    button.addEventListener('click', () => void signIn().catch((error) => console.error('gsi stand-in:', error)));
    parent.replaceChildren(button);
  }

  window.google = window.google ?? {};
  window.google.accounts = window.google.accounts ?? {};
  window.google.accounts.id = {
    initialize: (options) => {
      settings = options;
    },
    renderButton,
    prompt: () => undefined,
    cancel: () => undefined,
    disableAutoSelect: () => undefined,
  };
  if (typeof window.onGoogleLibraryLoad === 'function') window.onGoogleLibraryLoad();
})();
