import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Waits until every finite CSS animation and transition on the page has ended
 * (infinite ones, like a spinner, are left running). axe reads colours as they
 * are painted, so a text fading in or a button changing colour over 150 ms
 * gives a contrast figure no player ever sees once it settles.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => {
      const timing = animation.effect?.getComputedTiming();
      return animation.playState === 'running' && timing !== undefined && Number.isFinite(Number(timing.endTime));
    });
    await Promise.race([Promise.allSettled(finite.map((animation) => animation.finished)), new Promise((resolve) => setTimeout(resolve, 3000))]);
  });
}

/** The page's serious and critical axe violations, as `rule: targets` lines (an empty list is clean). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
