import type { Graph } from './graph.ts';

/**
 * A built-in template: a graph the server ships, to start a blueprint from (CONTRACT section 9). Templates are
 * the server's, not a workspace's: every signed-in caller reads the same ones, and none is ever changed over
 * the API. Their parameters (addresses, lists) come from the run's input (`input.url`), so one needs no edit.
 */
export interface BlueprintTemplate {
  /** A fixed UUID, the same on every server of a release. */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly graph: Graph;
}
