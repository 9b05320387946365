import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { PagedListStore } from '../../stores/wallet-paged-list.ts';
import { messageText } from '../auth/use-translator.ts';

/**
 * Everything under a money list except its rows: loading, the failure text
 * with a retry, the empty text, and "Carregar mais" while pages remain.
 */
export function ListStatus<T>({ t, list, emptyKey }: { t: TFunction; list: PagedListStore<T>; emptyKey: string }) {
  const state = useStore(list.$state);
  const hasMore = useStore(list.$hasMore);
  const { request, items } = state;
  return (
    <>
      {request.status === 'loading' && (
        <p className="wallet-list__note" role="status">
          {t('wallet.list.loading')}
        </p>
      )}
      {request.status === 'error' && (
        <div className="wallet-list__error">
          <p className="form-message form-message--error" role="alert" data-testid="transactions-error">
            {messageText(t, request.message)}
          </p>
          <button type="button" className="button" onClick={() => void list.retry()}>
            {t('wallet.list.retry')}
          </button>
        </div>
      )}
      {request.status === 'ready' && items.length === 0 && <p className="wallet-list__note">{t(emptyKey)}</p>}
      {hasMore && (
        <button type="button" className="button wallet-list__more" onClick={() => void list.loadMore()}>
          {t('wallet.list.loadMore')}
        </button>
      )}
    </>
  );
}
