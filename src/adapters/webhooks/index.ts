// What later areas use of the webhooks area's adapters: they import it from here only (`make layers`).
export { ATTEMPT_TIMEOUT_MS, CONNECT_TIMEOUT_MS } from './node-http-webhook-sender.ts';
