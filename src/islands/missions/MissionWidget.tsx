import type { TFunction } from 'i18next';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import type { MissionView, MissionWidgetState } from '../../contract/missions.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { WIDGET_MIN_Y } from '../../lib/missions/widget-layout.ts';
import type { MissionActionState } from '../../stores/missions.ts';
import { failureText, progressText, rewardText } from './texts.ts';

/** Keyboard steps of the move handle, in px. */
const STEP = 10;
const PAGE_STEP = 60;

export interface WidgetPlacement {
  top: number;
  height: number;
  /** The lowest top this widget may take (its slider's maximum). */
  maxTop: number;
}

export interface MissionWidgetProps {
  t: TFunction;
  locale: Locale;
  mission: MissionView;
  widget: MissionWidgetState;
  placement: WidgetPlacement;
  narrow: boolean;
  claim: MissionActionState;
  dragging: boolean;
  /** Asks for a new top (px); `done` ends a drag or a key move (the places are then kept). */
  onMove: (id: number, top: number, done: boolean) => void;
  onToggle: (id: number) => void;
  onClaim: (id: number) => void;
  onHide: (id: number) => void;
}

/**
 * One draggable mission widget (spec "Mission widget"): its move handle is a
 * vertical slider, dragged by mouse, pen or touch and moved with the arrow
 * keys, Page Up/Down, Home and End (screen readers announce its value);
 * the toggle opens or closes it; a completed mission shows the claim
 * button, a claimed one the reward received and a button to put it away.
 */
export function MissionWidget(props: MissionWidgetProps) {
  const { t, locale, mission, widget, placement, narrow, claim, dragging } = props;
  const drag = useRef<{ pointer: number; startY: number; startTop: number } | null>(null);
  const title = mission.title[locale];
  const description = mission.description[locale];
  const completed = mission.status === 'completed';
  const claimed = mission.status === 'claimed';
  const tab = narrow && !widget.isOpen;
  const range = Math.max(1, placement.maxTop - WIDGET_MIN_Y);
  const percentDown = Math.round(((placement.top - WIDGET_MIN_Y) / range) * 100);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointer: event.pointerId, startY: event.clientY, startTop: placement.top };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId) return;
    props.onMove(mission.id, start.startTop + event.clientY - start.startY, false);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId) return;
    drag.current = null;
    props.onMove(mission.id, start.startTop + event.clientY - start.startY, true);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowUp: placement.top - STEP,
      ArrowLeft: placement.top - STEP,
      ArrowDown: placement.top + STEP,
      ArrowRight: placement.top + STEP,
      PageUp: placement.top - PAGE_STEP,
      PageDown: placement.top + PAGE_STEP,
      Home: WIDGET_MIN_Y,
      End: placement.maxTop,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    props.onMove(mission.id, next, true);
  };

  const classes = ['mission-widget', widget.isOpen ? 'mission-widget--open' : '', tab ? 'mission-widget--tab' : '', completed ? 'mission-widget--completed' : '', claimed ? 'mission-widget--claimed' : '', dragging ? 'mission-widget--dragging' : '']
    .filter(Boolean)
    .join(' ');
  const claimFailure = claim.status === 'failed' ? failureText(t, claim.failure, 'claim') : null;

  return (
    <section className={classes} style={{ top: placement.top, height: placement.height }} aria-label={title} data-testid="mission-widget" data-mission-id={mission.id}>
      <div className="mission-widget__bar">
        <div
          className="mission-widget__handle"
          role="slider"
          tabIndex={0}
          aria-label={t('missions.widget.move', { title })}
          aria-orientation="vertical"
          aria-valuemin={WIDGET_MIN_Y}
          aria-valuemax={Math.max(WIDGET_MIN_Y, placement.maxTop)}
          aria-valuenow={placement.top}
          aria-valuetext={t('missions.widget.position', { percent: percentDown })}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onKeyDown={onKeyDown}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M5 3h2v2H5zM9 3h2v2H9zM5 7h2v2H5zM9 7h2v2H9zM5 11h2v2H5zM9 11h2v2H9z" fill="currentColor" />
          </svg>
        </div>
        {!tab && <strong className="mission-widget__title">{title}</strong>}
        {!tab && (
          <button
            type="button"
            className="mission-widget__toggle"
            aria-expanded={widget.isOpen}
            aria-label={t(widget.isOpen ? 'missions.widget.close' : 'missions.widget.open', { title })}
            onClick={() => props.onToggle(mission.id)}
          >
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d={widget.isOpen ? 'M3 10l5-5 5 5' : 'M3 6l5 5 5-5'} fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        )}
      </div>
      {tab ? (
        <button
          type="button"
          className="mission-widget__tab-button"
          aria-expanded={false}
          aria-label={`${t('missions.widget.open', { title })}: ${claimed ? t('missions.status.claimed') : completed ? t('missions.status.completed') : `${mission.percent}%`}`}
          onClick={() => props.onToggle(mission.id)}
        >
          <span aria-hidden="true">{claimed || completed ? '✓' : `${mission.percent}%`}</span>
        </button>
      ) : (
        <div className="mission-widget__body">
          {claimFailure && (
            <p className="mission-widget__error" role="alert">
              {claimFailure}
            </p>
          )}
          {!claimed && !claimFailure && (widget.isOpen || !completed) && (
            <div className="mission-widget__progress">
              <progress max={100} value={mission.percent} aria-label={t('missions.widget.progressLabel', { title })} />
              <span className="mission-widget__percent">{mission.percent}%</span>
            </div>
          )}
          {!claimed && !claimFailure && (widget.isOpen || !completed) && <p className="mission-widget__line">{progressText(t, mission, locale)}</p>}
          {widget.isOpen && !claimed && !completed && description !== '' && <p className="mission-widget__line mission-widget__description">{description}</p>}
          {(widget.isOpen || claimed) && (
            <p className="mission-widget__line mission-widget__reward">
              {t(claimed ? 'missions.reward.received' : 'missions.reward.label', { reward: rewardText(t, mission.reward, locale) })}
            </p>
          )}
          {completed && (
            <button type="button" className="button button--primary mission-widget__claim" disabled={claim.status === 'busy'} onClick={() => props.onClaim(mission.id)}>
              {claim.status === 'busy' ? t('missions.claiming') : t('missions.claim')}
            </button>
          )}
          {claimed && (
            <button type="button" className="button mission-widget__hide" aria-label={t('missions.widget.hideLabel', { title })} onClick={() => props.onHide(mission.id)}>
              {t('missions.widget.hide')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
