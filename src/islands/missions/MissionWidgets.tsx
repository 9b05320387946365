import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { isMissionWidgetPage } from '../../lib/missions/pages.ts';
import { maxWidgetY, NARROW_MAX_WIDTH, stackWidgets, widgetHeight } from '../../lib/missions/widget-layout.ts';
import { $claims, $widgetMissions, claimMission, hideMissionWidget, setMissionWidgetPositions, toggleMissionWidget } from '../../stores/missions.ts';
import { $session } from '../../stores/session.ts';
import { useTranslator } from '../auth/use-translator.ts';
import { usePageLocale } from '../shared/use-page-locale.ts';
import { MissionWidget } from './MissionWidget.tsx';
import './missions.css';

interface Viewport {
  height: number;
  narrow: boolean;
}

const narrowQuery = `(max-width: ${NARROW_MAX_WIDTH}px)`;
const readViewport = (): Viewport => ({ height: window.innerHeight, narrow: window.matchMedia(narrowQuery).matches });

/** The window's height and width class, followed on resize and rotation. */
function useViewport(): Viewport {
  const [viewport, setViewport] = useState(readViewport);
  useEffect(() => {
    const update = () => setViewport(readViewport());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return viewport;
}

/** Whether this page shows the widgets (the casino pages), followed across navigations. */
function useWidgetPage(): boolean {
  const [shown, setShown] = useState(() => isMissionWidgetPage(location.pathname));
  useEffect(() => {
    const follow = () => setShown(isMissionWidgetPage(location.pathname));
    document.addEventListener('astro:after-swap', follow);
    return () => document.removeEventListener('astro:after-swap', follow);
  }, []);
  return shown;
}

/**
 * The mission widgets over the casino pages for a signed-in player: one per
 * accepted, completed or (until put away) claimed mission, stacked 5 px
 * apart inside the spec's clamp, each kept where the player put it.
 */
export function MissionWidgets() {
  const locale = usePageLocale();
  const t = useTranslator(locale);
  const session = useStore($session);
  const items = useStore($widgetMissions);
  const claims = useStore($claims);
  const viewport = useViewport();
  const onPage = useWidgetPage();
  /** The widget being dragged and where the pointer wants it. */
  const [drag, setDrag] = useState<{ id: number; y: number } | null>(null);

  const inputs = useMemo(
    () => items.map(({ mission, widget }) => ({ id: mission.id, y: drag?.id === mission.id ? drag.y : widget.positionY, height: widgetHeight(widget.isOpen, viewport.narrow) })),
    [items, drag, viewport.narrow],
  );
  const layout = useMemo(() => new Map(stackWidgets(inputs, viewport.height, drag?.id).map((w) => [w.id, w])), [inputs, viewport.height, drag?.id]);

  if (!t || !onPage || session.status !== 'user' || items.length === 0) return null;

  const onMove = (id: number, y: number, done: boolean) => {
    if (!done) {
      setDrag({ id, y });
      return;
    }
    setDrag(null);
    // Keep every widget where the stack put it, so nothing overlaps on the next page either.
    const placed = stackWidgets(
      inputs.map((input) => (input.id === id ? { ...input, y } : input)),
      viewport.height,
      id,
    );
    setMissionWidgetPositions(new Map(placed.filter((w) => w.fits).map((w) => [w.id, w.top])));
  };

  return (
    <aside className="mission-widgets" aria-label={t('missions.widget.region')} data-testid="mission-widgets">
      {items.map(({ mission, widget }) => {
        const place = layout.get(mission.id);
        if (!place?.fits) return null;
        return (
          <MissionWidget
            key={mission.id}
            t={t}
            locale={locale}
            mission={mission}
            widget={widget}
            placement={{ top: place.top, height: place.height, maxTop: maxWidgetY(place.height, viewport.height) }}
            narrow={viewport.narrow}
            claim={claims[mission.id] ?? { status: 'idle' }}
            dragging={drag?.id === mission.id}
            onMove={onMove}
            onToggle={toggleMissionWidget}
            onClaim={(id) => void claimMission(id)}
            onHide={hideMissionWidget}
          />
        );
      })}
    </aside>
  );
}
