/// <reference lib="dom" />
import { BTRenderer } from './renderer.ts';

/*
 * Entry of `GET /sandbox-sportsbook/renderer.js`: defines the global
 * `BTRenderer` as BetBy's script does. The API and stylesheet are found next
 * to the script's own address, so the sandbox works at any origin or path
 * the platform mounts it.
 */
const script = document.currentScript;
const src = script instanceof HTMLScriptElement && script.src ? script.src : `${location.origin}/sandbox-sportsbook/renderer.js`;
BTRenderer.defaultBase = new URL('./', src).href;

declare global {
  interface Window {
    BTRenderer: typeof BTRenderer;
  }
}

window.BTRenderer = BTRenderer;
