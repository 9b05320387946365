import { expect, test } from '@playwright/test';
import { registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { subscribedTo, tenantUrl } from './helpers.ts';
import { operatorCall } from './tenant-api.ts';

/**
 * Issue 6's notification proof through the real platform and realtime server:
 * a signed-in player; the operator API notifies them; the notification
 * arrives live (toast and badge), is marked read in the panel, and the badge
 * clears.
 */
test('an operator notification arrives live, is marked read and the badge clears', async ({ page, request }) => {
  test.setTimeout(60_000);
  const player = await registerPlayer(request);
  await startLoggedIn(page, player);
  const joined = subscribedTo(page, `private-universal.${player.user.id}`);
  await page.goto(tenantUrl('localhost', '/'));

  const bell = page.getByRole('banner').getByRole('button', { name: /^Notificações/ });
  await expect(bell).toBeVisible();
  const badge = page.getByTestId('notifications-badge');
  await expect(badge).toBeHidden();
  await joined;

  const sent = await operatorCall('localhost', 'POST', '/operator/notifications', {
    user_id: player.user.id,
    title: { pt: 'Bônus liberado', en: 'Bonus released' },
    message: { pt: 'Seu bônus de boas-vindas está disponível.', en: 'Your welcome bonus is available.' },
  });
  expect(sent.status, await sent.clone().text()).toBe(201);

  // Live: a toast with the Portuguese text and the unread badge, without a reload.
  const toast = page.getByTestId('toasts').getByRole('status').filter({ hasText: 'Bônus liberado' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Seu bônus de boas-vindas está disponível.');
  await expect(badge).toHaveText('1');
  await expect(bell).toHaveAccessibleName('Notificações, 1 não lidas');

  // The panel lists it unread; marking it read clears the badge.
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notificações' });
  await expect(panel).toBeVisible();
  const item = panel.getByTestId('notification').filter({ hasText: 'Bônus liberado' });
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: 'Marcar como lida' }).click();
  await expect(item.getByRole('button', { name: 'Marcar como lida' })).toHaveCount(0);
  await expect(badge).toBeHidden();

  // The read state is the platform's: after a reload the badge stays clear.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await page.reload();
  const bellAgain = page.getByRole('banner').getByRole('button', { name: /^Notificações/ });
  await bellAgain.click();
  const reloaded = page.getByRole('dialog', { name: 'Notificações' }).getByTestId('notification').filter({ hasText: 'Bônus liberado' });
  await expect(reloaded).toBeVisible();
  await expect(reloaded.getByRole('button', { name: 'Marcar como lida' })).toHaveCount(0);
  await expect(page.getByTestId('notifications-badge')).toBeHidden();
  await expect(bellAgain).toHaveAccessibleName('Notificações');
});
