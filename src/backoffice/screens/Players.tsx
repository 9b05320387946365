import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { LIMIT_PERIODS, MONEY_LIMIT_KINDS } from '../../contract/responsible-gaming.ts';
import { PLAYER_BLOCK_REASON_MAX, PLAYER_NOTE_MAX, type PlayerDetailView } from '../../contract/backoffice.ts';
import { DataTable } from '../components/DataTable.tsx';
import { Field } from '../components/Field.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { Pager } from '../components/Pager.tsx';
import { formatDateTime, formatMoney, t } from '../i18n.ts';
import { $place, hrefOf, navigate } from '../router.ts';
import { $player, $players, addNote, blockPlayer, loadPlayer, searchPlayers, unblockPlayer } from '../stores/players.ts';
import { $fieldErrors } from '../stores/resource.ts';
import { describeAgent } from '../stores/user-agent.ts';

function PlayerList() {
  const place = useStore($place);
  const state = useStore($players);
  const q = place.query.get('q') ?? '';
  const page = Math.max(1, Number(place.query.get('page') ?? 1) || 1);
  const [draft, setDraft] = useState(q);
  useEffect(() => void searchPlayers(q, page), [q, page]);
  useEffect(() => setDraft(q), [q]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    navigate(hrefOf('players', { q: draft.trim() }));
  };
  const list = state.data;
  return (
    <>
      <h1>{t('screens.players')}</h1>
      <form className="filters" role="search" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="player-search">{t('players.search')}</label>
          <input id="player-search" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} aria-describedby="player-search-hint" />
          <p className="field__hint" id="player-search-hint">
            {t('players.searchHint')}
          </p>
        </div>
        <button className="button" type="submit">
          {t('common.filter')}
        </button>
      </form>
      <LoadState state={state} />
      {list && list.data.length === 0 && <p className="muted">{t('players.none')}</p>}
      {list && list.data.length > 0 && (
        <DataTable
          label={t('screens.players')}
          caption={t('players.caption', { count: list.total })}
          columns={[t('players.name'), 'CPF', t('players.phone'), t('players.balance'), t('players.since')]}
        >
          {list.data.map((p) => (
            <tr key={p.id}>
              <th scope="row">
                <a href={hrefOf('players', {}, String(p.id))} data-nav>
                  {p.name}
                </a>
                <br />
                <span className="muted">
                  #{p.id} {p.email ?? ''}
                </span>
              </th>
              <td>{p.cpf ?? '—'}</td>
              <td>{p.phone ?? '—'}</td>
              <td className="num">{formatMoney(p.balance)}</td>
              <td>{formatDateTime(p.createdAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {list && (
        <Pager label={t('players.pages')} previous={page > 1 ? hrefOf('players', { q, page: page - 1 }) : null} next={page < list.last_page ? hrefOf('players', { q, page: page + 1 }) : null} />
      )}
    </>
  );
}

function Limits({ p }: { p: PlayerDetailView }) {
  const rows = MONEY_LIMIT_KINDS.flatMap((kind) => LIMIT_PERIODS.map((period) => ({ kind, period, limit: p.limits.money[kind][period] }))).filter((r) => r.limit.value !== null || r.limit.pending);
  return (
    <>
      <h2>{t('players.limits')}</h2>
      {rows.length === 0 && p.limits.session.value === null && p.limits.realityCheckMinutes === null && !p.limits.coolOffUntil ? (
        <p className="muted">{t('players.noLimits')}</p>
      ) : (
        <ul>
          {rows.map((r) => (
            <li key={`${r.kind}-${r.period}`}>
              {t(`players.limitKinds.${r.kind}`)} ({t(`players.periods.${r.period}`)}): {r.limit.value === null ? '—' : formatMoney(r.limit.value)}
              {r.limit.pending ? ` → ${r.limit.pending.value === null ? '—' : formatMoney(r.limit.pending.value)} (${formatDateTime(r.limit.pending.from)})` : ''}
            </li>
          ))}
          {p.limits.session.value !== null && <li>{t('players.sessionLimit', { minutes: p.limits.session.value })}</li>}
          {p.limits.realityCheckMinutes !== null && <li>{t('players.realityCheck', { minutes: p.limits.realityCheckMinutes })}</li>}
          {p.limits.coolOffUntil && <li>{t('players.coolOff', { until: formatDateTime(p.limits.coolOffUntil) })}</li>}
        </ul>
      )}
    </>
  );
}

function BlockControl({ p }: { p: PlayerDetailView }) {
  const [reason, setReason] = useState('');
  const errors = useStore($fieldErrors);
  if (p.blockedAt) {
    return (
      <section className="card" aria-labelledby="block-title">
        <h2 id="block-title">{t('players.blockTitle')}</h2>
        <p className="message message--error">{t('players.blockedSince', { at: formatDateTime(p.blockedAt), reason: p.blockedReason ?? '' })}</p>
        <button className="button" type="button" onClick={() => void unblockPlayer(p.id)}>
          {t('players.unblock', { name: p.name })}
        </button>
      </section>
    );
  }
  return (
    <form
      className="card"
      aria-labelledby="block-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void blockPlayer(p.id, reason.trim()).then((ok) => ok && setReason(''));
      }}
    >
      <h2 id="block-title">{t('players.blockTitle')}</h2>
      <p className="muted">{t('players.blockIntro')}</p>
      <Field
        label={t('players.blockReason')}
        value={reason}
        maxLength={PLAYER_BLOCK_REASON_MAX}
        onChange={(e) => setReason(e.target.value)}
        errors={errors.reason ? [t('players.errors.reason')] : undefined}
      />
      <button className="button button--danger" type="submit">
        {t('players.block', { name: p.name })}
      </button>
    </form>
  );
}

function Notes({ p }: { p: PlayerDetailView }) {
  const [body, setBody] = useState('');
  const errors = useStore($fieldErrors);
  const noteId = useId();
  return (
    <section aria-labelledby="notes-title">
      <h2 id="notes-title">{t('players.notes')}</h2>
      <form
        className="card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void addNote(p.id, body.trim()).then((ok) => ok && setBody(''));
        }}
      >
        <div className="field">
          <label htmlFor={noteId}>{t('players.newNote')}</label>
          <textarea id={noteId} rows={3} maxLength={PLAYER_NOTE_MAX} value={body} onChange={(e) => setBody(e.target.value)} aria-invalid={errors.body ? true : undefined} />
          {errors.body && <p className="field__error">{t('players.errors.note', { max: PLAYER_NOTE_MAX })}</p>}
        </div>
        <button className="button" type="submit">
          {t('players.addNote')}
        </button>
      </form>
      {p.notes.length === 0 ? (
        <p className="muted">{t('players.noNotes')}</p>
      ) : (
        <ul className="notes">
          {p.notes.map((n) => (
            <li key={n.id}>
              <p className="notes__meta muted">
                {formatDateTime(n.createdAt)} · {n.authorEmail ?? t('audit.operatorKey')}
              </p>
              <p className="notes__body">{n.body}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PlayerDetail({ id }: { id: number }) {
  const state = useStore($player);
  useEffect(() => void loadPlayer(id), [id]);
  const p = state.data?.id === id ? state.data : null;
  return (
    <>
      <p>
        <a href={hrefOf('players')} data-nav>
          {t('players.back')}
        </a>
      </p>
      <LoadState state={state} />
      {p && (
        <>
          <h1>
            {p.name} <span className="muted">#{p.id}</span>
          </h1>
          {p.closedAt && <p className="message message--error">{t('players.closed', { at: formatDateTime(p.closedAt) })}</p>}
          {p.selfExcludedUntil && <p className="message message--info">{t('players.selfExcluded', { until: formatDateTime(p.selfExcludedUntil) })}</p>}
          <dl className="figures">
            <div className="figure">
              <dt>{t('players.balance')}</dt>
              <dd>{formatMoney(p.balance)}</dd>
            </div>
            <div className="figure">
              <dt>{t('players.withdrawable')}</dt>
              <dd>{formatMoney(p.withdrawable)}</dd>
            </div>
          </dl>
          <dl className="facts">
            <dt>CPF</dt>
            <dd>{p.cpf ?? '—'}</dd>
            <dt>{t('players.phone')}</dt>
            <dd>{p.phone ?? '—'}</dd>
            <dt>E-mail</dt>
            <dd>{p.email ?? '—'}</dd>
            <dt>{t('players.since')}</dt>
            <dd>{formatDateTime(p.createdAt)}</dd>
          </dl>
          <Outcome />
          <BlockControl p={p} />
          <Notes p={p} />
          <Limits p={p} />
          <h2>{t('screens.withdrawals')}</h2>
          {p.withdrawals.length === 0 ? (
            <p className="muted">{t('players.noWithdrawals')}</p>
          ) : (
            <ul>
              {p.withdrawals.map((w) => (
                <li key={w.status}>
                  {t(`withdrawals.statuses.${w.status}`)}: {w.count} · {formatMoney(w.amount)}
                </li>
              ))}
            </ul>
          )}
          <h2>{t('screens.documents')}</h2>
          {p.documents.length === 0 ? (
            <p className="muted">{t('players.noDocuments')}</p>
          ) : (
            <ul>
              {p.documents.map((d) => (
                <li key={d.id}>
                  {t(`documents.types.${d.type}`)}: {t(`documents.state.${d.status}`)} · {formatDateTime(d.created_at)}
                  {d.reason ? <span className="muted"> · {d.reason}</span> : null}
                  {d.status === 'pending' ? (
                    <>
                      {' '}
                      <a href={hrefOf('documents')} data-nav>
                        {t('players.review')}
                      </a>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <h2>{t('players.rounds')}</h2>
          {p.rounds.length === 0 ? (
            <p className="muted">{t('players.noRounds')}</p>
          ) : (
            <DataTable
              label={t('players.rounds')}
              caption={t('players.roundsCaption')}
              columns={[t('audit.when'), t('players.product'), t('players.game'), t('players.stake'), t('players.payout'), t('withdrawals.status')]}
            >
              {p.rounds.map((r) => (
                <tr key={`${r.kind}-${r.id}`}>
                  <td>{formatDateTime(r.createdAt)}</td>
                  <td>{t(`players.products.${r.kind}`)}</td>
                  <td>
                    {r.game}
                    {r.provider ? <span className="muted"> · {r.provider}</span> : null}
                  </td>
                  <td className="num">{formatMoney(r.stake)}</td>
                  <td className="num">{formatMoney(r.payout)}</td>
                  <td>
                    <code>{r.status}</code>
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
          <h2>{t('players.sessions')}</h2>
          {p.sessions.length === 0 ? (
            <p className="muted">{t('players.noSessions')}</p>
          ) : (
            <DataTable
              label={t('players.sessions')}
              caption={t('players.sessionsCaption')}
              columns={[t('players.sessionStarted'), t('players.sessionLastUsed'), t('players.sessionFrom'), t('withdrawals.status')]}
            >
              {p.sessions.map((s) => (
                <tr key={s.id}>
                  <td>{formatDateTime(s.createdAt)}</td>
                  <td>{s.lastUsedAt ? formatDateTime(s.lastUsedAt) : '—'}</td>
                  <td>
                    {s.ip || s.userAgent ? (
                      <>
                        {s.ip && <code>{s.ip}</code>}
                        {s.userAgent && <span className="session-agent">{describeAgent(s.userAgent) ?? s.userAgent}</span>}
                      </>
                    ) : (
                      t('players.sessionFromUnknown')
                    )}
                  </td>
                  <td>{t(`players.sessionStatus.${s.status}`)}</td>
                </tr>
              ))}
            </DataTable>
          )}
          <h2>{t('players.ledger')}</h2>
          <DataTable
            label={t('players.ledger')}
            caption={t('players.ledgerCaption')}
            columns={[t('audit.when'), t('players.type'), t('withdrawals.amount'), t('players.balanceAfter'), t('players.reference')]}
          >
            {p.ledger.map((l) => (
              <tr key={l.id}>
                <td>{formatDateTime(l.createdAt)}</td>
                <td>
                  <code>{l.type}</code>
                </td>
                <td className="num">{formatMoney(l.amount)}</td>
                <td className="num">{formatMoney(l.balanceAfter)}</td>
                <td>
                  <code>{l.reference ?? ''}</code>
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </>
  );
}

/** Find a player by name, CPF, phone, e-mail or id; open one for balances, limits, withdrawals and the latest movements. */
export function Players() {
  const place = useStore($place);
  const id = Number(place.rest);
  return Number.isInteger(id) && id > 0 ? <PlayerDetail id={id} /> : <PlayerList />;
}
