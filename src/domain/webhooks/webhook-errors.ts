import { Conflict, NotFound } from '../kernel/errors.ts';

/** Unknown or deleted endpoint, and any endpoint the caller may not see. */
export class WebhookEndpointNotFound extends NotFound {
  constructor() {
    super('webhook endpoint');
  }
}

export class WebhookMessageNotFound extends NotFound {
  constructor() {
    super('webhook message');
  }
}

/** Two changes to one endpoint raced (two rotations): the second one is refused; retry it. */
export class WebhookEndpointChanged extends Conflict {
  constructor() {
    super('the webhook endpoint was changed by another request meanwhile; read it again and retry');
  }
}
