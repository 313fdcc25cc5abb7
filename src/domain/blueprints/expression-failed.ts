import { DomainError } from '../kernel/errors.ts';

/** An expression that did not parse, failed, or ran past its deadline: its step fails with `expression_error`. */
export class ExpressionFailed extends DomainError {
  constructor(message: string) {
    super('invalid', 'expression_error', message);
  }
}
