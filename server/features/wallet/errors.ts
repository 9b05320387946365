import { DomainError } from '../../http/errors.ts';
import { WALLET_MESSAGES } from './messages.ts';

/** 422: the movement would take the balance (or its withdrawable part) below zero; nothing was moved. */
export class InsufficientFundsError extends DomainError {
  constructor() {
    super('insufficient_funds', 422, undefined, { message: WALLET_MESSAGES.insufficientFunds });
    this.name = 'InsufficientFundsError';
  }
}

/** 409: a movement reused another movement's reference with a different player or amount; nothing was moved. */
export class ReferenceConflictError extends DomainError {
  constructor() {
    super('reference_conflict', 409, undefined, { message: WALLET_MESSAGES.referenceConflict });
    this.name = 'ReferenceConflictError';
  }
}
