import * as v from 'valibot';
import type { Message } from '../auth/message.ts';

/**
 * Field → first message of a valibot parse of `input` with one of the shared
 * schemas (`src/contract/validation`). Their messages are i18n keys; each
 * carries the field name so `validation.generic` ("The {{field}} is not
 * valid") can name it.
 */
export function issuesByField(schema: v.GenericSchema, input: unknown): Record<string, Message> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const out: Record<string, Message> = {};
  for (const issue of result.issues) {
    const field = (v.getDotPath(issue) ?? '').split('.')[0] ?? '';
    if (field === '' || field in out) continue;
    out[field] = { key: issue.message, field };
  }
  return out;
}
