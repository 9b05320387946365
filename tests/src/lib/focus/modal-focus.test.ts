// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { canTakeFocus, focusInitial, initialFocusTarget, restoreFocus, tabbables, trapTab } from '../../../../src/lib/focus/modal-focus.ts';

/**
 * Modal focus (issue 15): a modal opens on its first field rather than on
 * its ✕, Tab and Shift+Tab cycle inside it, and on close focus goes back to
 * the opener, or to a fallback, or to the page's main heading.
 */

function key(shiftKey = false, name = 'Tab') {
  let prevented = false;
  return {
    event: { key: name, shiftKey, preventDefault: () => (prevented = true) },
    prevented: () => prevented,
  };
}

function modal(html: string): HTMLElement {
  document.body.innerHTML = `<main><h1>Lobby</h1><button id="opener">Entrar</button></main><div id="modal"><button id="close">✕</button>${html}</div>`;
  return document.getElementById('modal')!;
}

const byId = (id: string) => document.getElementById(id);

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('tabbables', () => {
  it('lists what Tab reaches, in order, skipping disabled, hidden and tabindex=-1 elements', () => {
    const container = modal(`
      <input id="a">
      <input id="hidden-input" type="hidden">
      <button id="disabled" disabled>x</button>
      <a id="link" href="/terms">terms</a>
      <a id="no-href">nothing</a>
      <div hidden><input id="in-hidden"></div>
      <span id="minus" tabindex="-1">minus</span>
      <span id="zero" tabindex="0">zero</span>
      <select id="s"><option>1</option></select>`);
    expect(tabbables(container).map((element) => element.id)).toEqual(['close', 'a', 'link', 'zero', 's']);
  });

  it('counts a radio group as one stop: its checked radio, else its first', () => {
    const container = modal(`
      <input type="radio" name="g" id="g1"><input type="radio" name="g" id="g2">
      <input type="radio" name="h" id="h1"><input type="radio" name="h" id="h2" checked>`);
    expect(tabbables(container).map((element) => element.id)).toEqual(['close', 'g1', 'h2']);
  });
});

describe('initialFocusTarget', () => {
  it('opens on the first field, not on the ✕ before it', () => {
    const container = modal('<p>Text</p><a href="/x" id="link">link</a><select id="country"></select><input id="phone">');
    expect(initialFocusTarget(container, [byId('close')])?.id).toBe('country');
  });

  it('prefers an element marked data-autofocus', () => {
    const container = modal('<input id="first"><button id="marked" data-autofocus>Voltar</button>');
    expect(initialFocusTarget(container, [byId('close')])?.id).toBe('marked');
  });

  it('without fields, opens on the first control other than the ✕', () => {
    const container = modal('<p>Allow notifications?</p><button id="allow">Allow</button><button id="later">Later</button>');
    expect(initialFocusTarget(container, [byId('close')])?.id).toBe('allow');
  });

  it('falls back to the ✕ when it is the only control', () => {
    const container = modal('<p>Only text</p>');
    expect(initialFocusTarget(container, [byId('close')])?.id).toBe('close');
  });

  it('focusInitial focuses the container itself when nothing inside can take focus', () => {
    document.body.innerHTML = '<div id="empty"><p>Nothing</p></div>';
    const container = byId('empty')!;
    focusInitial(container);
    expect(document.activeElement).toBe(container);
    expect(container.tabIndex).toBe(-1);
  });
});

describe('trapTab', () => {
  it('Tab on the last control goes to the first; Shift+Tab on the first goes to the last', () => {
    const container = modal('<input id="a"><button id="submit">Go</button>');
    byId('submit')!.focus();
    const forward = key();
    expect(trapTab(container, forward.event)).toBe(true);
    expect(forward.prevented()).toBe(true);
    expect(document.activeElement?.id).toBe('close');

    const back = key(true);
    expect(trapTab(container, back.event)).toBe(true);
    expect(document.activeElement?.id).toBe('submit');
  });

  it('leaves Tab alone between two inner controls and ignores other keys', () => {
    const container = modal('<input id="a"><button id="submit">Go</button>');
    byId('a')!.focus();
    const forward = key();
    expect(trapTab(container, forward.event)).toBe(false);
    expect(forward.prevented()).toBe(false);
    expect(document.activeElement?.id).toBe('a');
    expect(trapTab(container, key(false, 'Enter').event)).toBe(false);
  });

  it('brings focus back inside when it was outside the modal', () => {
    const container = modal('<input id="a">');
    byId('opener')!.focus();
    trapTab(container, key().event);
    expect(document.activeElement?.id).toBe('close');
    byId('opener')!.focus();
    trapTab(container, key(true).event);
    expect(document.activeElement?.id).toBe('a');
  });
});

describe('restoreFocus', () => {
  it('returns focus to the opener', () => {
    modal('<input id="a">');
    byId('a')!.focus();
    expect(restoreFocus(byId('opener'))?.id).toBe('opener');
    expect(document.activeElement?.id).toBe('opener');
  });

  it('uses the fallback when the opener is hidden (the "Entrar" button after a login)', () => {
    document.body.innerHTML = '<main><h1>Lobby</h1><div hidden><button id="opener">Entrar</button></div><button id="account">Conta</button></main>';
    expect(canTakeFocus(byId('opener'))).toBe(false);
    expect(restoreFocus(byId('opener'), [byId('account')])?.id).toBe('account');
  });

  it('goes to the main heading when neither the opener nor a fallback can take focus', () => {
    document.body.innerHTML = '<main><h1 id="title">Carteira</h1></main>';
    const gone = document.createElement('button');
    const focused = restoreFocus(gone, [null]);
    expect(focused?.id).toBe('title');
    expect(document.activeElement?.id).toBe('title');
    expect(focused?.tabIndex).toBe(-1);
  });

  it('skips a disabled opener', () => {
    document.body.innerHTML = '<main><h1 id="title">T</h1><button id="opener" disabled>x</button></main>';
    expect(restoreFocus(byId('opener'))?.id).toBe('title');
  });
});
