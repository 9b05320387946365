/** One message to a player: an SMS or an e-mail. */
export interface OutgoingMessage {
  channel: 'sms' | 'email';
  /** E.164 phone for SMS, address for e-mail. */
  to: string;
  /** E-mail subject; ignored for SMS. */
  subject?: string;
  text: string;
  tenantId: number;
}

/**
 * Delivers player messages (verification codes). `send` resolves once the
 * message is accepted by its transport and rejects when delivery failed.
 */
export interface Notifier {
  send(message: OutgoingMessage): Promise<void>;
}

/** Sends one SMS through an operator's SMS provider. */
export interface SmsGateway {
  sendSms(message: { to: string; text: string; tenantId: number }): Promise<void>;
}

/** Sends one e-mail (SMTP in production). */
export interface EmailTransport {
  sendEmail(message: { to: string; subject: string; text: string; tenantId: number }): Promise<void>;
}
