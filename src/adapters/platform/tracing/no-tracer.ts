import type { ActiveSpan, Tracer } from '../../../application/kernel/ports/tracer.ts';

/** Tracing off: nothing is recorded, and the work runs as it would without tracing. */
export const NO_TRACER: Tracer = {
  enabled: false,
  inSpan: (_name, work) => work(NO_SPAN),
  currentTraceparent: () => null,
  record: () => {},
};

const NO_SPAN: ActiveSpan = { rename: () => {}, set: () => {}, fail: () => {} };
