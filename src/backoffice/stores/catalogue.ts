import { atom } from 'nanostores';
import { BackofficeError, call } from '../api.ts';
import { t } from '../i18n.ts';
import { $outcome } from './resource.ts';

export interface ImportSummary {
  games: number;
  created: number;
  updated: number;
  providers: number;
  deactivated: number;
}

export type ImportState = { kind: 'idle' } | { kind: 'importing'; fileName: string } | { kind: 'done'; summary: ImportSummary } | { kind: 'refused'; message: string; lines: string[] };

export const $import = atom<ImportState>({ kind: 'idle' });

/** Sends a catalogue file (CSV or JSON) as the operator API takes it; a refused file lists every bad line and imports nothing. */
export async function importCatalogue(file: File, replace: boolean): Promise<void> {
  $outcome.set(null);
  $import.set({ kind: 'importing', fileName: file.name });
  const isJson = file.name.toLowerCase().endsWith('.json') || file.type === 'application/json';
  try {
    const { imported } = await call<{ imported: ImportSummary }>('/operator/catalogue', {
      method: 'POST',
      query: replace ? { replace: 1 } : {},
      body: await file.text(),
      headers: { 'Content-Type': isJson ? 'application/json' : 'text/csv' },
    });
    $import.set({ kind: 'done', summary: imported });
    $outcome.set({ ok: true, text: t('catalogue.done') });
  } catch (error) {
    const message = error instanceof BackofficeError ? error.message : String(error);
    $import.set({ kind: 'refused', message, lines: error instanceof BackofficeError ? (error.fields.file ?? []) : [] });
  }
}
