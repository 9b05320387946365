/// <reference lib="dom" />
// Browser code (bundled by ../assets.ts): the server's type check needs the DOM library for it.
import { labelsFor } from '../labels.ts';
import type { SandboxPageView } from '../view.ts';
import { createApi } from './api.ts';
import { mountCrash } from './crash.ts';
import { mountRoulette } from './roulette.ts';
import { createShell } from './shell.ts';
import { mountSlots } from './slots.ts';
import { mountTable } from './table.ts';

/*
 * The sandbox aggregator's game page in the browser: reads the view the
 * server embedded as JSON, builds the shared shell and the game of its kind.
 * It talks only to the aggregator (rounds, balance); the platform's own page
 * around the frame follows the wallet through its realtime channel.
 */

const PLAY_LABEL = { slots: 'slots.spin', roulette: 'roulette.spin', crash: 'crash.bet', table: 'table.deal' } as const;

function start(): void {
  const data = document.getElementById('sandbox-view')?.textContent;
  if (!data) return;
  const view = JSON.parse(data) as SandboxPageView;
  const t = labelsFor(view.locale);
  const api = createApi(view.apiBase, view.token, { network: t['round.network'], failed: t['round.failed'] });
  const kind = view.game.kind;
  const shell = createShell(view, t, api, { playLabel: t[PLAY_LABEL[kind]], withStake: kind !== 'roulette' });
  if (kind === 'slots') mountSlots(shell);
  else if (kind === 'roulette') mountRoulette(shell);
  else if (kind === 'crash') mountCrash(shell);
  else mountTable(shell);
}

start();
