import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { type CSSProperties, useEffect, useId, useState } from 'react';
import type { OpenBoxAnswer, UserBoxView } from '../../contract/boxes.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { localePath } from '../../i18n/locales.ts';
import { inkOn, recomputeBoxDraw, type SpineColour, spineHex } from '../../lib/boxes.ts';
import { sha256Hex } from '../../lib/house/sha256.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { $boxActions, $userBoxes, dismissBoxAction, loadUserBoxes, openBox, sellBox } from '../../stores/boxes.ts';
import { $wonBox } from '../../stores/notifications.ts';
import { PlayerOnly } from '../account/PlayerOnly.tsx';
import { ModalDialog } from '../shared/ModalDialog.tsx';
import { ConfirmSell, formatDate, formatPoints, prefersReducedMotion } from './shared.tsx';

/** How long the box shakes at least before the lid opens (the answer usually arrives sooner). */
const SHAKE_MS = 1400;

type Palette = Record<SpineColour, string>;

function boxStyle(palette: Palette, colour: string, size: number): CSSProperties {
  const hex = spineHex(palette, colour);
  return { ['--box-size' as string]: `${size}px`, ['--box-colour' as string]: hex, ['--box-ink' as string]: inkOn(hex) } as CSSProperties;
}

/** The box drawn in its spine colour (src/styles/box-art.css), or its image. */
function BoxArt({ box, palette, size, className = '' }: { box: UserBoxView['box']; palette: Palette; size: number; className?: string }) {
  return (
    <span className={`box-art ${className}`} style={boxStyle(palette, box.color, size)} data-color={box.color} aria-hidden="true">
      {box.image ? (
        <img className="box-art__image" src={box.image} width={size} height={size} alt="" />
      ) : (
        <>
          <span className="box-art__body" />
          <span className="box-art__lid" />
        </>
      )}
    </span>
  );
}

function prizeText(t: TFunction, locale: Locale, prize: OpenBoxAnswer['prize']['prize']): string {
  return prize.kind === 'vip_points' ? t('boxes.vipPoints', { points: formatPoints(prize.points, locale) }) : formatBRL(prize.value, locale);
}

/**
 * The fairness proof of one box: the server seed's hash committed when the
 * box was received (shown before opening); after opening, the revealed seed,
 * the client seed and the nonce, the SHA-256 of the seed checked in this
 * browser against the hash, and the link to the fairness page.
 */
function FairnessProof({ t, locale, box }: { t: TFunction; locale: Locale; box: UserBoxView }) {
  const { fairness } = box;
  const [hashMatch, setHashMatch] = useState<boolean | null>(null);
  const [drawMatch, setDrawMatch] = useState<boolean | null>(null);
  const wonId = box.prize?.prize.id ?? null;
  useEffect(() => {
    let alive = true;
    const seed = fairness.server_seed;
    if (seed) {
      void sha256Hex(seed)
        .then((hash) => alive && setHashMatch(hash === fairness.server_seed_hash.toLowerCase()))
        .catch(() => undefined);
      // The draw itself, redone here from the revealed seed and the published ranges.
      if (fairness.ranges && wonId !== null) {
        void recomputeBoxDraw({ server_seed: seed, client_seed: fairness.client_seed, nonce: fairness.nonce }, fairness.ranges)
          .then((draw) => alive && setDrawMatch(draw.ticket === fairness.ticket && draw.prize_id === wonId))
          .catch(() => undefined);
      }
    }
    return () => {
      alive = false;
    };
  }, [fairness.server_seed, fairness.server_seed_hash, fairness.client_seed, fairness.nonce, fairness.ticket, fairness.ranges, wonId]);
  return (
    <details className="boxes-proof" data-testid="box-fairness">
      <summary>{t('boxes.fairness.heading')}</summary>
      <dl>
        <dt>{t('boxes.fairness.hash')}</dt>
        <dd>
          <code data-testid="box-seed-hash">{fairness.server_seed_hash}</code>
        </dd>
        <dt>{t('boxes.fairness.seed')}</dt>
        <dd>{fairness.server_seed ? <code data-testid="box-seed">{fairness.server_seed}</code> : t('boxes.fairness.hidden')}</dd>
        <dt>{t('boxes.fairness.clientSeed')}</dt>
        <dd>
          <code>{fairness.client_seed}</code>
        </dd>
        <dt>{t('boxes.fairness.nonce')}</dt>
        <dd>
          <code>{fairness.nonce}</code>
        </dd>
        {fairness.ticket !== null && (
          <>
            <dt>{t('boxes.fairness.ticket')}</dt>
            <dd>
              <code>{fairness.ticket}</code>
            </dd>
          </>
        )}
      </dl>
      {drawMatch !== null && (
        <p className={drawMatch ? 'boxes-proof__ok' : 'boxes-proof__bad'} data-testid="box-draw-check">
          {drawMatch ? t('boxes.fairness.drawOk', { ticket: fairness.ticket, prize: box.prize?.prize.name[locale] ?? '' }) : t('boxes.fairness.drawBad')}
        </p>
      )}
      {hashMatch !== null && (
        <p className={hashMatch ? 'boxes-proof__ok' : 'boxes-proof__bad'} data-testid="box-hash-check">
          {t(hashMatch ? 'boxes.fairness.hashOk' : 'boxes.fairness.hashBad')}
        </p>
      )}
      <p>
        <a href={`${localePath(locale, '/casino/fairness')}${box.status === 'opened' ? `?box=${box.id}#boxes` : ''}`}>{t('boxes.fairness.verify')}</a>
      </p>
    </details>
  );
}

function ActionMessage({ t, id, message }: { t: TFunction; id: number; message: string | null }) {
  return (
    <p className="boxes-message boxes-message--error" role="alert">
      {message ?? t('boxes.mine.actionFailed')}{' '}
      <button type="button" className="link-button" onClick={() => dismissBoxAction(id)}>
        {t('boxes.mine.close')}
      </button>
    </p>
  );
}

function UserBoxItem({ t, locale, box, palette, onOpen }: { t: TFunction; locale: Locale; box: UserBoxView; palette: Palette; onOpen: (box: UserBoxView) => void }) {
  const action = useStore($boxActions)[String(box.id)];
  const busy = action?.status === 'opening' || action?.status === 'selling';
  const name = box.box.name[locale];
  const headingId = useId();
  return (
    <li className="boxes-item" data-testid="user-box" data-status={box.status} aria-labelledby={headingId}>
      <BoxArt box={box.box} palette={palette} size={72} />
      <div className="boxes-item__text">
        <h3 id={headingId}>{name}</h3>
        <p className="boxes-item__meta">
          {t(`boxes.mine.source.${box.source}`)} · {t('boxes.mine.received', { date: formatDate(box.created_at, locale) })} · <span data-testid="user-box-status">{t(`boxes.mine.status.${box.status}`)}</span>
        </p>
        {box.prize && (
          <p className="boxes-item__prize" data-testid="user-box-prize">
            {t('boxes.mine.won', { prize: box.prize.prize.name[locale] })} · {prizeText(t, locale, box.prize.prize)}
          </p>
        )}
        {box.status === 'unopened' && (
          <div className="boxes-actions">
            <button type="button" className="button button--primary" disabled={busy} aria-busy={action?.status === 'opening' || undefined} onClick={() => onOpen(box)} data-testid="open-box">
              {t('boxes.mine.open')}
            </button>
            {box.sell_value > 0 && (
              <ConfirmSell
                t={t}
                label={t('boxes.mine.sellFor', { amount: formatBRL(box.sell_value, locale) })}
                question={t('boxes.mine.sellConfirmFor', { name, amount: formatBRL(box.sell_value, locale) })}
                busy={busy}
                onConfirm={() => void sellBox(box.id)}
                testid="sell-box"
              />
            )}
          </div>
        )}
        {action?.status === 'failed' && <ActionMessage t={t} id={box.id} message={action.message} />}
        {box.status !== 'sold' && <FairnessProof t={t} locale={locale} box={box} />}
      </div>
    </li>
  );
}

type Opening = { box: UserBoxView; phase: 'shaking' } | { box: UserBoxView; phase: 'revealed'; answer: OpenBoxAnswer } | { box: UserBoxView; phase: 'failed' };

/**
 * The opening: a modal with the box shaking in its spine colour while the
 * platform draws (at least SHAKE_MS), then the lid flies off and the prize
 * rises (CSS animations, src/islands/boxes/boxes.css). With
 * `prefers-reduced-motion` there is no animation: the prize shows as soon
 * as the answer arrives.
 */
function OpeningDialog({ t, locale, opening, palette, onClose }: { t: TFunction; locale: Locale; opening: Opening; palette: Palette; onClose: () => void }) {
  const name = opening.box.box.name[locale];
  const action = useStore($boxActions)[String(opening.box.id)];
  const reduced = prefersReducedMotion();
  return (
    <ModalDialog
      title={name}
      closeLabel={t('boxes.mine.close')}
      onClose={onClose}
      closeDisabled={opening.phase === 'shaking'}
      busy={opening.phase === 'shaking'}
      className={`boxes-opening${reduced ? ' boxes-opening--still' : ''}`}
      data={{ testid: 'box-opening', phase: opening.phase }}
    >
      <div className="boxes-opening__stage" style={boxStyle(palette, opening.box.box.color, 140)}>
        <span className="boxes-opening__glow" aria-hidden="true" />
        {/* Always the drawn box (not the operator's image): its lid opens, in the tenant's spine colour. */}
        <BoxArt box={{ ...opening.box.box, image: null }} palette={palette} size={140} className={`boxes-opening__box boxes-opening__box--${opening.phase}`} />
      </div>
      <div aria-live="polite" className="boxes-opening__result">
        {opening.phase === 'shaking' && <p>{t('boxes.mine.opening')}</p>}
        {opening.phase === 'revealed' && (
          <>
            <p className="boxes-opening__prize" data-testid="box-prize-won">
              {t('boxes.mine.won', { prize: opening.answer.prize.prize.name[locale] })}
            </p>
            <p>{opening.answer.prize.prize.kind === 'vip_points' ? prizeText(t, locale, opening.answer.prize.prize) : t('boxes.mine.wonValue', { amount: prizeText(t, locale, opening.answer.prize.prize) })}</p>
            <div className="boxes-actions boxes-actions--center">
              {opening.answer.prize.prize.kind === 'item' && (
                <a className="button button--primary" href={localePath(locale, '/account/items')}>
                  {t('boxes.mine.itemsLink')}
                </a>
              )}
              <button type="button" className="button" onClick={onClose}>
                {t('boxes.mine.close')}
              </button>
            </div>
          </>
        )}
        {opening.phase === 'failed' && (
          <>
            <p className="boxes-message boxes-message--error" role="alert">
              {action?.status === 'failed' && action.message ? action.message : t('boxes.mine.actionFailed')}
            </p>
            <button type="button" className="button" onClick={onClose}>
              {t('boxes.mine.close')}
            </button>
          </>
        )}
      </div>
    </ModalDialog>
  );
}

function BoxesView({ t, locale, palette }: { t: TFunction; locale: Locale; palette: Palette }) {
  const state = useStore($userBoxes);
  const [opening, setOpening] = useState<Opening | null>(null);
  const unopenedId = useId();
  const historyId = useId();
  const boxes = state.status === 'idle' ? [] : state.items;
  const unopened = boxes.filter((b) => b.status === 'unopened');
  const rest = boxes.filter((b) => b.status !== 'unopened');

  // A box granted while the page is open (NotifyNewUserBox opens the won-box modal) is listed at once.
  useEffect(
    () =>
      $wonBox.listen((won) => {
        if (won) void loadUserBoxes();
      }),
    [],
  );

  const open = async (box: UserBoxView) => {
    setOpening({ box, phase: 'shaking' });
    const started = Date.now();
    const answer = await openBox(box.id);
    if (!answer) {
      setOpening({ box, phase: 'failed' });
      return;
    }
    const wait = prefersReducedMotion() ? 0 : Math.max(0, SHAKE_MS - (Date.now() - started));
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    setOpening({ box: answer.box, phase: 'revealed', answer });
  };
  const close = () => {
    // Not while the platform draws (Esc included): the answer would open the modal again.
    if (opening?.phase === 'shaking') return;
    if (opening?.phase === 'failed') dismissBoxAction(opening.box.id);
    setOpening(null);
  };

  return (
    <div className="boxes-view" aria-busy={state.status === 'loading'}>
      <section className="boxes-card" aria-labelledby={unopenedId}>
        <h2 id={unopenedId}>{t('boxes.mine.unopened')}</h2>
        {unopened.length > 0 ? (
          <ul className="boxes-list">
            {unopened.map((box) => (
              <UserBoxItem key={box.id} t={t} locale={locale} box={box} palette={palette} onOpen={(b) => void open(b)} />
            ))}
          </ul>
        ) : (
          state.status === 'ready' && (
            <p className="boxes-note">
              {boxes.length === 0 ? t('boxes.mine.empty') : t('boxes.mine.noneUnopened')} <a href={localePath(locale, '/casino/crates')}>{t('boxes.mine.browse')}</a>
            </p>
          )
        )}
        {state.status === 'failed' && (
          <div className="boxes-failed">
            <p className="boxes-message boxes-message--error" role="alert">
              {t('boxes.mine.failed')}
            </p>
            <button type="button" className="button" onClick={() => void loadUserBoxes()}>
              {t('boxes.mine.retry')}
            </button>
          </div>
        )}
      </section>
      {rest.length > 0 && (
        <section className="boxes-card" aria-labelledby={historyId}>
          <h2 id={historyId}>{t('boxes.mine.history')}</h2>
          <ul className="boxes-list">
            {rest.map((box) => (
              <UserBoxItem key={box.id} t={t} locale={locale} box={box} palette={palette} onOpen={(b) => void open(b)} />
            ))}
          </ul>
        </section>
      )}
      <p>
        <a href={localePath(locale, '/account/items')}>{t('boxes.items.title')}</a> · <a href={localePath(locale, '/casino/crates')}>{t('boxes.mine.browse')}</a>
      </p>
      {opening && <OpeningDialog t={t} locale={locale} opening={opening} palette={palette} onClose={close} />}
    </div>
  );
}

/** `/account/boxes` (auth): the player's boxes, opening with its animation, the prize, the fairness proof, selling an unopened box. */
export function BoxesApp({ locale, palette }: { locale: Locale; palette: Palette }) {
  return (
    <PlayerOnly locale={locale} loginText="boxes.mine.loginRequired" onPlayer={loadUserBoxes}>
      {(t) => <BoxesView t={t} locale={locale} palette={palette} />}
    </PlayerOnly>
  );
}
