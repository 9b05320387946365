/**
 * The part of the provider's `BTRenderer` API the site uses (BetBy's widget
 * and the sandbox sportsbook share it): `new BTRenderer().initialize(opts)`
 * returns the instance, `updateOptions({ url })` navigates, `kill()` removes it.
 */
export interface BTRendererOptions {
  brand_id: string;
  token: string | null;
  themeName: string;
  lang: string;
  target: HTMLElement;
  url?: string;
  betSlipOffsetTop?: number;
  stickyTop?: number;
  betslipZIndex?: number;
  onTokenExpired?: () => Promise<string | null>;
  onLogin?: () => void;
  onRegister?: () => void;
  onRecharge?: () => void;
  onSessionRefresh?: () => void;
  onRouteChange?: (path: string) => void;
}

export interface BTRendererInstance {
  kill(): void;
  updateOptions(options: Partial<BTRendererOptions>): void;
}

export type BTRendererConstructor = new () => { initialize(options: BTRendererOptions): BTRendererInstance };
