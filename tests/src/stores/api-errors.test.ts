import { afterEach, describe, expect, it } from 'vitest';
import { httpError, networkError, abortedError } from '../../../src/lib/api/errors.ts';
import { $apiErrorMessages, $networkErrorCount, dismissApiErrors, reportApiError } from '../../../src/stores/api-errors.ts';

const texts = { error_messages: { '404': 'Não encontrado.', '403': 'Sem permissão.' }, errors: { generic: 'Ops!' } };

afterEach(() => {
  dismissApiErrors();
  $networkErrorCount.set(0);
});

describe('error reporting', () => {
  it('appends messages, skips silent and aborted errors, counts network errors', () => {
    reportApiError(httpError(404, null, texts));
    reportApiError(httpError(403, null, texts));
    reportApiError(httpError(490, null, texts));
    reportApiError(abortedError());
    reportApiError(networkError());
    expect($apiErrorMessages.get()).toEqual(['Não encontrado.']);
    expect($networkErrorCount.get()).toBe(1);
  });

  it('dismisses one message or all', () => {
    reportApiError(httpError(422, { errors: { a: ['A'], b: ['B'] } }, texts));
    dismissApiErrors('A');
    expect($apiErrorMessages.get()).toEqual(['B']);
    dismissApiErrors();
    expect($apiErrorMessages.get()).toEqual([]);
  });
});
