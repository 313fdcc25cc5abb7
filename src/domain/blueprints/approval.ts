import { Conflict, NotFound } from '../kernel/errors.ts';
import type { JsonObject } from '../kernel/json-document.ts';

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export type ApprovalDecision = 'approved' | 'rejected';

/** The longest title and comment an approval keeps. */
export const MAX_APPROVAL_TITLE_LENGTH = 200;
export const MAX_APPROVAL_COMMENT_LENGTH = 2000;

export interface ApprovalProps {
  readonly id: string;
  readonly workspaceId: string;
  readonly runId: string;
  /** The `approval` node that opened it; for an agent's tool call, null or the tool's name. */
  readonly nodeId: string | null;
  /** The agent's tool call it gates; null for an `approval` node. */
  readonly toolCallId: string | null;
  readonly title: string;
  /** What the person decides on: the step's input, or the tool call's arguments. */
  readonly payload: unknown;
  readonly status: ApprovalStatus;
  /** Who decided: the user's id, or the API key's id. */
  readonly decidedBy: string | null;
  readonly comment: string | null;
  readonly createdAt: Date;
  /** Past it, a pending approval expires (`approval_timeout`); null: it waits as long as its run. */
  readonly expiresAt: Date | null;
  readonly decidedAt: Date | null;
}

/** What opens an approval (an `approval` step, an agent's tool call whose tool requires approval). */
export interface OpenApprovalProps {
  readonly id: string;
  readonly workspaceId: string;
  readonly runId: string;
  readonly nodeId: string | null;
  readonly toolCallId: string | null;
  readonly title: string;
  readonly payload: unknown;
  readonly timeoutSeconds: number | null;
  readonly now: Date;
}

/** A person's decision a run waits for (CONTRACT section 9, "Approvals"). */
export class Approval {
  id!: string;
  workspaceId!: string;
  runId!: string;
  nodeId!: string | null;
  toolCallId!: string | null;
  title!: string;
  payload!: unknown;
  status!: ApprovalStatus;
  decidedBy!: string | null;
  comment!: string | null;
  createdAt!: Date;
  expiresAt!: Date | null;
  decidedAt!: Date | null;

  constructor(props: ApprovalProps) {
    Object.assign(this, props);
  }

  static open(props: OpenApprovalProps): Approval {
    const { timeoutSeconds, now } = props;
    return new Approval({
      id: props.id,
      workspaceId: props.workspaceId,
      runId: props.runId,
      nodeId: props.nodeId,
      toolCallId: props.toolCallId,
      title: props.title.slice(0, MAX_APPROVAL_TITLE_LENGTH),
      payload: props.payload ?? null,
      status: 'pending',
      decidedBy: null,
      comment: null,
      createdAt: now,
      expiresAt: timeoutSeconds === null ? null : new Date(now.getTime() + timeoutSeconds * 1000),
      decidedAt: null,
    });
  }

  /** Whether its time ran out at `now` (a pending one then expires, and can no longer be decided). */
  isPastExpiry(now: Date): boolean {
    return this.expiresAt !== null && this.expiresAt <= now;
  }

  /** pending -> approved | rejected, by an admin; a decided or expired one is a conflict. */
  decide(decision: ApprovalDecision, by: string, comment: string | null, now: Date): void {
    if (this.status !== 'pending' || this.isPastExpiry(now)) throw new ApprovalNotPending(this.status);
    this.status = decision;
    this.decidedBy = by;
    this.comment = comment;
    this.decidedAt = now;
  }

  /** pending -> expired: its time ran out (`reason` null), or its run ended (`reason` says so). */
  expire(now: Date, reason: string | null = null): void {
    if (this.status !== 'pending') return;
    this.status = 'expired';
    this.comment = reason;
    this.decidedAt = now;
  }

  /** What the approved step gives (CONTRACT section 9): `{approved: true, by, comment}`. */
  get approvedOutput(): JsonObject {
    return { approved: true, by: this.decidedBy, comment: this.comment };
  }
}

export class ApprovalNotFound extends NotFound {
  constructor() {
    super('approval');
  }
}

/** Deciding an approval that was decided already, or expired. */
export class ApprovalNotPending extends Conflict {
  constructor(status: ApprovalStatus) {
    super(`the approval is ${status === 'pending' ? 'expired' : status}: it can no longer be decided`);
  }
}
