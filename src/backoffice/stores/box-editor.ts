import * as v from 'valibot';
import { type BoxInput, BoxInputSchema, BoxSlugSchema, type OperatorBoxView, PPM_TOTAL } from '../../contract/boxes.ts';
import type { OperatorMissionView } from '../../contract/missions.ts';
import { BackofficeError, call } from '../api.ts';
import { localized, t } from '../i18n.ts';
import { type BoxDraft, boxBody, inputOfBox } from './box-draft.ts';
import { expectedValue, ppmToPercent, totalPpm } from './box-odds.ts';
import { loadBoxes } from './engagement.ts';
import { decimalMark } from './numbers.ts';
import { $fieldErrors, $outcome, act } from './resource.ts';

/** A percentage for the operator's eyes: `90%`, `12,5%` (`12.5%` in English). */
export const percentText = (ppm: number) => `${ppmToPercent(ppm, decimalMark())}%`;

/** What the editor shows beside the price while the operator types: the probabilities' sum and the box's expected value. */
export function oddsOf(d: BoxDraft): { total: number; complete: boolean; expected: number } {
  const prizes = boxBody(d).prizes;
  const total = totalPpm(prizes.map((p) => p.probability_ppm));
  return { total, complete: total === PPM_TOTAL, expected: expectedValue(prizes.map((p) => ({ value: p.value, ppm: p.probability_ppm }))) };
}

export type BoxCheck = { ok: true; slug: string; input: BoxInput } | { ok: false; errors: Record<string, string[]>; message: string };

/** The schema's message key (`boxesApi.validation.price`) → the back office's own text for it (`boxes.errors.price`). */
const textOf = (key: string) => t(`boxes.errors.${key.startsWith('boxesApi.validation.') ? key.slice('boxesApi.validation.'.length) : 'generic'}`);

/**
 * Checks the whole draft with the contract's schema, as the platform will,
 * and says what is wrong with each field (dotted paths, as a 422 names
 * them). The probabilities must sum to exactly 100 %; the refusal says by
 * how much they miss. A new box's slug must be valid and not another box's.
 */
export function checkBox(d: BoxDraft, newSlugAmong: readonly string[] | null): BoxCheck {
  const errors: Record<string, string[]> = {};
  const add = (path: string, text: string) => {
    const list = (errors[path] ??= []);
    if (!list.includes(text)) list.push(text);
  };
  const slug = d.slug.trim();
  if (newSlugAmong) {
    if (!v.is(BoxSlugSchema, slug)) add('slug', t('boxes.errors.slug'));
    else if (newSlugAmong.includes(slug)) add('slug', t('boxes.errors.taken'));
  }
  const parsed = v.safeParse(BoxInputSchema, boxBody(d));
  // The sum is checked here with its own words; the schema's runs only once every prize is valid.
  for (const issue of parsed.issues ?? []) if (!issue.message.endsWith('.ppmTotal')) add(v.getDotPath(issue) ?? 'body', textOf(issue.message));
  const { total } = oddsOf(d);
  const offBy = total === PPM_TOTAL ? null : t(total < PPM_TOTAL ? 'boxes.errors.totalShort' : 'boxes.errors.totalOver', { total: percentText(total), gap: percentText(Math.abs(PPM_TOTAL - total)) });
  if (offBy) add('prizes', offBy);
  if (parsed.success && !offBy && Object.keys(errors).length === 0) return { ok: true, slug, input: parsed.output };
  return { ok: false, errors, message: offBy ? t('boxes.refusedTotal', { reason: offBy }) : t('boxes.refused') };
}

/** Only what differs from the stored box; `prizes` whole when any prize changed (a PATCH replaces the list). */
export function boxPatchOf(stored: OperatorBoxView, input: BoxInput): Partial<BoxInput> {
  const before = inputOfBox(stored);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(input) as (keyof BoxInput)[]) if (JSON.stringify(input[key]) !== JSON.stringify(before[key])) patch[key] = input[key];
  return patch as Partial<BoxInput>;
}

/** Players may never buy this box here although it has a price and the operator allows buying: the site is regulated. */
export const sellsNowhere = (box: OperatorBoxView) => box.price > 0 && box.buyable && !box.purchasable;

/**
 * Saves the draft: a new box whole (`PUT /operator/boxes/{slug}`), an
 * existing one with only what changed (`PATCH`). Nothing is sent while the
 * draft fails the contract; the refusal and its fields go to `$outcome` and
 * `$fieldErrors` as the platform's own would. Answers the saved box, or null.
 */
export async function saveBox(d: BoxDraft, stored: OperatorBoxView | null, slugsTaken: readonly string[] = []): Promise<OperatorBoxView | null> {
  const checked = checkBox(d, stored ? null : slugsTaken);
  if (!checked.ok) {
    $fieldErrors.set(checked.errors);
    $outcome.set({ ok: false, text: checked.message });
    return null;
  }
  const slug = stored?.slug ?? checked.slug;
  const body = stored ? boxPatchOf(stored, checked.input) : checked.input;
  if (stored && Object.keys(body).length === 0) {
    await act(async () => {}, t('boxes.unchanged'));
    return stored;
  }
  const answer: { box?: OperatorBoxView } = {};
  const ok = await act(
    async () => {
      answer.box = (await call<{ box: OperatorBoxView }>(`/operator/boxes/${encodeURIComponent(slug)}`, { method: stored ? 'PATCH' : 'PUT', body })).box;
    },
    t('boxes.saved', { name: localized(checked.input.name) }),
  );
  if (!ok || !answer.box) return null;
  if (sellsNowhere(answer.box)) $outcome.set({ ok: true, text: `${t('boxes.saved', { name: localized(checked.input.name) })} ${t('boxes.regulated')}` });
  await loadBoxes();
  return answer.box;
}

/** What `DELETE /operator/boxes/{slug}` did: the box is gone, or (players still hold boxes of it) switched off and kept for them. */
export type BoxRemoval = 'deleted' | 'archived';

/**
 * The missions that give `box` as their reward: once it is deleted their
 * claim has no box to hand over, so the confirmation names them. Empty when
 * the missions cannot be read (the deletion is not held up by it).
 */
export async function missionsGivingBox(box: Pick<OperatorBoxView, 'id'>): Promise<OperatorMissionView[]> {
  try {
    const { missions } = await call<{ missions: OperatorMissionView[] }>('/operator/missions');
    return missions.filter((m) => m.reward.kind === 'box' && m.reward.box_id === box.id);
  } catch {
    return [];
  }
}

/** The confirmation's warning about those missions (`#7 “Rodadas”, #9 “Depósito”`), or null when none gives the box. */
export function missionsWarning(missions: readonly OperatorMissionView[]): string | null {
  if (missions.length === 0) return null;
  const list = missions.map((m) => t('boxes.deleteMission', { id: m.id, title: localized(m.title) })).join(', ');
  return t('boxes.deleteMissions', { count: missions.length, list });
}

/** What a deletion came to: what the platform did, or its refusal (in the staff member's language). */
export type BoxDeletion = { ok: true; result: BoxRemoval } | { ok: false; message: string };

/**
 * Deletes a box (`DELETE /operator/boxes/{slug}`), once the operator has
 * confirmed it, and reloads the list. The platform keeps a box players
 * still hold, switched off (`archived`); the outcome says which happened. A
 * refusal goes to `$outcome` in the platform's words; a box that was
 * already gone (404) is dropped from the list all the same.
 */
export async function deleteBox(box: OperatorBoxView): Promise<BoxDeletion> {
  const name = localized(box.name);
  const answer: { result?: BoxRemoval; gone?: boolean } = {};
  const ok = await act(
    async () => {
      try {
        answer.result = (await call<{ result: BoxRemoval }>(`/operator/boxes/${encodeURIComponent(box.slug)}`, { method: 'DELETE' })).result;
      } catch (error) {
        answer.gone = error instanceof BackofficeError && error.status === 404;
        throw error;
      }
    },
    t('boxes.deleted', { name }),
  );
  const result = answer.result ?? 'deleted';
  if (ok && result === 'archived') $outcome.set({ ok: true, text: t('boxes.archived', { name }) });
  const message = $outcome.get()?.text ?? '';
  if (ok || answer.gone) await loadBoxes();
  return ok ? { ok: true, result } : { ok: false, message };
}
