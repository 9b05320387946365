// @vitest-environment happy-dom
import type { TFunction } from 'i18next';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import type { NotificationView } from '../../../../src/contract/notifications.ts';
import { NotificationItem } from '../../../../src/islands/notifications/NotificationItem.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const t = ((key: string) => key) as unknown as TFunction;

function rankUp(url: string): NotificationView {
  return {
    id: 9,
    type: 'user',
    notification: { title: { pt: 'Novo rank', en: 'New rank' }, message: { pt: 'Você chegou a Bronze', en: 'You reached Bronze' }, url },
    read: false,
    read_at: null,
    created_at: '2026-11-26T07:00:00.000Z',
  };
}

async function linkOf(view: NotificationView, locale: 'pt' | 'en'): Promise<string | null | undefined> {
  document.body.innerHTML = '<ul id="host"></ul>';
  const host = document.getElementById('host')!;
  await act(async () => createRoot(host).render(<NotificationItem t={t} locale={locale} notification={view} />));
  return host.querySelector('a.notification__link')?.getAttribute('href');
}

describe('a notification link', () => {
  it('opens a site page the platform names unprefixed in the player language', async () => {
    expect(await linkOf(rankUp('/ranking'), 'en')).toBe('/en/ranking');
    expect(await linkOf(rankUp('/ranking?from=notice#top'), 'en')).toBe('/en/ranking?from=notice#top');
    expect(await linkOf(rankUp('/ranking'), 'pt')).toBe('/ranking');
  });

  it('leaves an already localised path and other sites alone', async () => {
    expect(await linkOf(rankUp('/en/vip'), 'en')).toBe('/en/vip');
    expect(await linkOf(rankUp('https://example.com/x'), 'en')).toBe('https://example.com/x');
  });
});
