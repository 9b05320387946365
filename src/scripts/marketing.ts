import { captureMarketingParams } from '../stores/marketing.ts';
import { firstTime, onEveryPage } from './lifecycle.ts';

/** Stores `ref` / `lmcp` from the URL of the first page and of every page navigated to. */
export function initMarketingCapture(): void {
  if (!firstTime('marketing')) return;
  onEveryPage(() => captureMarketingParams(location.search));
}
