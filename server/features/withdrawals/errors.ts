import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError } from '../../http/errors.ts';
import type { LocalizedText, MessageLocale } from '../../http/messages.ts';

/**
 * A withdrawal refusal. When it concerns one input field (`key`, `amount`)
 * the text is also that field's error, so the site (which shows field errors
 * in place of the message) says the same thing. Services do not know the
 * caller's language: the field error carries the Portuguese text until the
 * route calls {@link WithdrawalRefusal.inLocale}.
 */
export class WithdrawalRefusal extends DomainError {
  readonly field: string | undefined;
  readonly text: LocalizedText;

  constructor(code: string, status: ContentfulStatusCode, text: LocalizedText, opts: { field?: string; details?: Record<string, unknown> } = {}) {
    super(code, status, opts.field ? { [opts.field]: [text.pt] } : undefined, { message: text, ...(opts.details ? { details: opts.details } : {}) });
    this.name = 'WithdrawalRefusal';
    this.field = opts.field;
    this.text = text;
  }

  /** The same refusal with the field error in `locale`. */
  inLocale(locale: MessageLocale): DomainError {
    if (!this.field) return this;
    return new DomainError(this.code, this.status, { [this.field]: [this.text[locale]] }, { message: this.text, ...(this.details ? { details: this.details } : {}) });
  }
}
