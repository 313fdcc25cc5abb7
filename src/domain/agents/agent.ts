import { Conflict, InvalidInput, NotFound } from '../kernel/errors.ts';
import { parseName } from '../kernel/names.ts';
import { storableText } from '../kernel/well-formed-json.ts';
import { type AgentTool, parseTools } from './agent-tools.ts';

export const MAX_AGENT_NAME_LENGTH = 100;
export const MAX_INSTRUCTIONS_LENGTH = 32_000;
export const DEFAULT_MAX_STEPS = 8;
export const MAX_MAX_STEPS = 50;

/** How an agent calls its model: `maxSteps` model calls at most per run (CONTRACT section 10). */
export interface AgentSettings {
  readonly temperature: number | null;
  readonly maxOutputTokens: number | null;
  readonly maxSteps: number;
}

/** What each version of an agent fixes: its model, instructions, tools and settings. */
export interface AgentDefinition {
  readonly providerId: string;
  readonly model: string;
  readonly instructions: string;
  readonly tools: readonly AgentTool[];
  readonly settings: AgentSettings;
}

/** One immutable version of an agent: runs name the version they use. */
export interface AgentVersion extends AgentDefinition {
  readonly agentId: string;
  readonly version: number;
  readonly createdBy: string | null;
  readonly createdAt: Date;
}

export interface AgentProps {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly description: string;
  readonly latestVersion: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A workspace's agent: its name (unique in the workspace) and the number of its newest version. */
export class Agent {
  id!: string;
  workspaceId!: string;
  name!: string;
  description!: string;
  latestVersion!: number;
  createdAt!: Date;
  updatedAt!: Date;

  constructor(props: AgentProps) {
    Object.assign(this, props);
  }

  static create(
    props: { id: string; workspaceId: string; name: string; description?: string | undefined },
    now: Date,
  ): Agent {
    return new Agent({
      id: props.id,
      workspaceId: props.workspaceId,
      name: parseAgentName(props.name),
      description: parseDescription(props.description ?? ''),
      latestVersion: 1,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** A change: the name and description in place, and a new version (returned) of the definition. */
  rename(changes: { name?: string | undefined; description?: string | undefined }): void {
    if (changes.name !== undefined) this.name = parseAgentName(changes.name);
    if (changes.description !== undefined) this.description = parseDescription(changes.description);
  }

  nextVersion(now: Date): number {
    this.latestVersion += 1;
    this.updatedAt = now;
    return this.latestVersion;
  }
}

/** The definition as sent (snake_case fields already read), checked. */
export function parseDefinition(input: {
  providerId: string;
  model: string;
  instructions: string;
  tools?: readonly unknown[] | undefined;
  settings?:
    | {
        temperature?: number | undefined;
        max_output_tokens?: number | undefined;
        max_steps?: number | undefined;
      }
    | undefined;
}): AgentDefinition {
  const model = storableText(input.model, 'model').trim();
  if (model.length === 0 || model.length > 200) throw new InvalidInput('model must be 1 to 200 characters');
  const instructions = storableText(input.instructions, 'instructions');
  if (instructions.length > MAX_INSTRUCTIONS_LENGTH) {
    throw new InvalidInput(`instructions must be at most ${MAX_INSTRUCTIONS_LENGTH} characters`);
  }
  const settings = input.settings ?? {};
  const maxSteps = settings.max_steps ?? DEFAULT_MAX_STEPS;
  if (!Number.isInteger(maxSteps) || maxSteps < 1 || maxSteps > MAX_MAX_STEPS) {
    throw new InvalidInput(`settings.max_steps must be 1 to ${MAX_MAX_STEPS}`);
  }
  return {
    providerId: input.providerId,
    model,
    instructions,
    tools: parseTools(input.tools ?? []),
    settings: {
      temperature: settings.temperature ?? null,
      maxOutputTokens: settings.max_output_tokens ?? null,
      maxSteps,
    },
  };
}

export class AgentNotFound extends NotFound {
  constructor() {
    super('agent');
  }
}

export class AgentNameTaken extends Conflict {
  constructor() {
    super('an agent of this workspace already has this name');
  }
}

const parseAgentName = (value: string) => parseName(value, 'name', MAX_AGENT_NAME_LENGTH);

function parseDescription(value: string): string {
  const description = storableText(value, 'description');
  if (description.length > 2000) throw new InvalidInput('description must be at most 2000 characters');
  return description;
}
