import type { Principal } from '../../../domain/kernel/principal.ts';
import type { Run } from '../../../domain/runs/run.ts';

/**
 * Replays a finished run: a new run of its mission with the same input (CONTRACT section 9). The runs area asks
 * it for `POST /api/runs/bulk`; the blueprints area, which queues runs as missions stand now, answers it.
 */
export type RunReplay = (principal: Principal, runId: string) => Promise<Run>;
