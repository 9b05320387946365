import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { BOX_COLORS, MAX_BOX_PRIZES, type OperatorBoxView } from '../../contract/boxes.ts';
import { Field } from '../components/Field.tsx';
import { focusSoon } from '../components/focus.ts';
import { ImageField } from '../components/ImageField.tsx';
import { SaveOrCancel } from '../components/TextArea.tsx';
import { formatMoney, localized, t } from '../i18n.ts';
import { type BoxDraft, boxBody, draftOfBox, movePrize, newPrize, type PrizeDraft, slugOf } from '../stores/box-draft.ts';
import { type BoxRemoval, deleteBox, missionsGivingBox, missionsWarning, oddsOf, percentText, saveBox, sellsNowhere } from '../stores/box-editor.ts';
import { $fieldErrors } from '../stores/resource.ts';
import { BoxPrize } from './BoxPrize.tsx';

/** The probabilities' sum and the expected value beside the price, as the operator types. */
function Odds({ d }: { d: BoxDraft }) {
  const { total, complete, expected } = oddsOf(d);
  const price = boxBody(d).price;
  return (
    <dl className="odds" data-testid="box-odds">
      <dt>{t('boxes.total')}</dt>
      <dd className={complete ? undefined : 'status--refused'}>{percentText(total)}</dd>
      <dt>{t('boxes.price')}</dt>
      <dd>{price === null ? '—' : price > 0 ? formatMoney(price) : t('boxes.grantOnly')}</dd>
      <dt>{t('boxes.expected')}</dt>
      <dd>
        {formatMoney(expected)}
        {price ? <span className="odds__note">{t('boxes.ofPrice', { share: Math.round((expected * 100) / price) })}</span> : null}
      </dd>
    </dl>
  );
}

/**
 * Deleting the box being edited, confirmed in place: the button asks
 * whether the operator is sure (naming the missions that give the box) with
 * the keyboard on Cancel, the safe answer; Cancel or Escape closes the
 * question and gives the focus back to the button. A refusal stays in the
 * question, in the platform's words.
 */
function DeleteBox({ box, onDeleted }: { box: OperatorBoxView; onDeleted: (result: BoxRemoval) => void }) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const [asking, setAsking] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Once the question shows (or goes), the keyboard goes to Cancel (or back to the button); not when the editor opens.
  const shown = useRef(false);
  useEffect(() => {
    if (asking) root.current?.querySelector<HTMLElement>('[data-cancel-delete]')?.focus();
    else if (shown.current) root.current?.querySelector<HTMLElement>('[data-delete-box]')?.focus();
    shown.current ||= asking;
  }, [asking]);
  const ask = async () => {
    if (busy) return;
    setBusy(true);
    setWarning(missionsWarning(await missionsGivingBox(box)));
    setBusy(false);
    setRefusal(null);
    setAsking(true);
  };
  const cancel = () => setAsking(false);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    const done = await deleteBox(box);
    setBusy(false);
    if (done.ok) onDeleted(done.result);
    else setRefusal(done.message);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    cancel();
  };
  return (
    <div ref={root} className="box-delete">
      {asking ? (
        <div className="box-delete__ask" role="group" aria-labelledby={`${id}-question`} aria-describedby={`${id}-more`} onKeyDown={onKeyDown}>
          <p id={`${id}-question`} className="box-delete__question">
            {t('boxes.deleteQuestion', { name: localized(box.name) })}
          </p>
          <div id={`${id}-more`}>
            <p className="muted">{t('boxes.deleteKept')}</p>
            {warning && <p className="message message--error">{warning}</p>}
          </div>
          {refusal && <p className="field__error">{refusal}</p>}
          <div className="actions">
            <button className="button button--danger" type="button" aria-disabled={busy || undefined} onClick={() => void confirm()}>
              {t('boxes.deleteConfirm')}
            </button>
            <button className="button" type="button" data-cancel-delete onClick={cancel}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button className="button button--danger-quiet" type="button" data-delete-box aria-disabled={busy || undefined} onClick={() => void ask()}>
          {t('boxes.delete')}
        </button>
      )}
    </div>
  );
}

/**
 * One form for a new box and for changing one (`box` given): the box's
 * texts, picture, colour, price and switches, and its prizes in draw order;
 * a stored box can also be deleted from here. It takes the focus when it
 * opens; `onDone` gets the saved box (null when cancelled), `onDeleted`
 * what the platform did with a deleted one. Nothing is sent until the
 * probabilities sum to 100 %.
 */
export function BoxEditor({
  box,
  taken,
  onDone,
  onDeleted,
}: {
  box: OperatorBoxView | null;
  taken: readonly string[];
  onDone: (saved: OperatorBoxView | null) => void;
  onDeleted: (result: BoxRemoval) => void;
}) {
  const errors = useStore($fieldErrors);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [d, setD] = useState<BoxDraft>(() => draftOfBox(box));
  // A new box's slug follows its Portuguese name until the operator types one.
  const [slugTyped, setSlugTyped] = useState(false);
  useEffect(() => heading.current?.focus(), []);
  // Functional: an upload's answer arrives later and must not undo what was typed (or moved) meanwhile.
  const set = (patch: Partial<BoxDraft>) => setD((draft) => ({ ...draft, ...patch }));
  const setPrizes = (change: (prizes: PrizeDraft[]) => PrizeDraft[]) => setD((draft) => ({ ...draft, prizes: change(draft.prizes) }));
  const said = (...fields: string[]) => {
    const found = fields.flatMap((f) => errors[f] ?? []);
    return found.length ? found : undefined;
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await saveBox(d, box, taken);
    if (saved) onDone(saved);
    // The first field refused, else the sum's message (after every field).
    else focusSoon('[aria-invalid="true"], [data-total-error]', form);
  };
  return (
    <form ref={form} className="card" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {box ? t('boxes.editing', { name: localized(box.name) }) : t('boxes.new')}
      </h2>
      <div className="grid">
        <Field
          label={t('boxes.namePt')}
          lang="pt-BR"
          value={d.namePt}
          onChange={(e) => set({ namePt: e.target.value, ...(box || slugTyped ? {} : { slug: slugOf(e.target.value) }) })}
          errors={said('name', 'name.pt')}
        />
        <Field label={t('boxes.nameEn')} lang="en-US" value={d.nameEn} onChange={(e) => set({ nameEn: e.target.value })} errors={said('name.en')} />
        {!box && (
          <Field
            label={t('boxes.slug')}
            hint={t('boxes.slugHint')}
            value={d.slug}
            autoComplete="off"
            onChange={(e) => {
              setSlugTyped(true);
              set({ slug: e.target.value });
            }}
            errors={said('slug')}
          />
        )}
        <Field label={t('boxes.descriptionPt')} lang="pt-BR" value={d.descriptionPt} onChange={(e) => set({ descriptionPt: e.target.value })} errors={said('description', 'description.pt')} />
        <Field label={t('boxes.descriptionEn')} lang="en-US" value={d.descriptionEn} onChange={(e) => set({ descriptionEn: e.target.value })} errors={said('description.en')} />
        <ImageField label={t('boxes.image')} hint={t('boxes.imageHint')} value={d.image} onChange={(image) => set({ image })} errors={said('image')} />
        <div className="field">
          <label htmlFor={`${id}-color`}>{t('boxes.color')}</label>
          <select id={`${id}-color`} value={d.color} aria-describedby={`${id}-color-hint`} onChange={(e) => set({ color: e.target.value as BoxDraft['color'] })}>
            {BOX_COLORS.map((c) => (
              <option key={c} value={c}>
                {t(`boxes.colors.${c}`)}
              </option>
            ))}
          </select>
          <p className="field__hint" id={`${id}-color-hint`}>
            {t('boxes.colorHint')}
          </p>
        </div>
        <Field label={t('boxes.priceLabel')} hint={t('boxes.priceHint')} inputMode="decimal" value={d.price} onChange={(e) => set({ price: e.target.value })} errors={said('price')} />
        <Field label={t('boxes.position')} hint={t('boxes.positionHint')} inputMode="numeric" value={d.position} onChange={(e) => set({ position: e.target.value })} errors={said('position')} />
      </div>
      <div className="field field--check">
        <input id={`${id}-buyable`} type="checkbox" checked={d.buyable} onChange={(e) => set({ buyable: e.target.checked })} />
        <label htmlFor={`${id}-buyable`}>{t('boxes.buyable')}</label>
      </div>
      {box && sellsNowhere(box) && <p className="message message--info">{t('boxes.regulated')}</p>}
      <div className="field field--check">
        <input id={`${id}-active`} type="checkbox" checked={d.active} onChange={(e) => set({ active: e.target.checked })} />
        <label htmlFor={`${id}-active`}>{t('boxes.active')}</label>
      </div>

      <h3 id={`${id}-prizes`}>{t('boxes.prizes')}</h3>
      <p className="muted">{t('boxes.prizesIntro')}</p>
      {d.prizes.map((p, i) => (
        <BoxPrize
          key={p.key}
          prize={p}
          index={i}
          count={d.prizes.length}
          said={said}
          onChange={(patch) => setPrizes((prizes) => prizes.map((q) => (q.key === p.key ? { ...q, ...patch } : q)))}
          onMove={(by) => setPrizes((prizes) => movePrize(prizes, i, by))}
          onRemove={() => {
            setPrizes((prizes) => prizes.filter((q) => q.key !== p.key));
            focusSoon('[data-add-prize]', form);
          }}
        />
      ))}
      <p>
        <button
          className="button"
          type="button"
          data-add-prize
          disabled={d.prizes.length >= MAX_BOX_PRIZES}
          onClick={() => {
            setPrizes((prizes) => [...prizes, newPrize()]);
            focusSoon(`[data-prize="${d.prizes.length + 1}"] input`, form);
          }}
        >
          {t('boxes.addPrize')}
        </button>
      </p>
      <Odds d={d} />
      {said('prizes') && (
        <p className="field__error" tabIndex={-1} data-total-error>
          {said('prizes')!.join(' ')}
        </p>
      )}
      <SaveOrCancel save={box ? t('boxes.save') : t('boxes.create')} onCancel={() => onDone(null)} />
      {box && <DeleteBox box={box} onDeleted={onDeleted} />}
    </form>
  );
}
