/**
 * The areas, earliest first: each may use the ones before it, never a later one. `container.ts` lists the area
 * modules in this order (a test compares them) and `make layers` checks every import against it.
 */
export const AREA_ORDER = [
  'system',
  'audit',
  'notifications',
  'identity',
  'workspaces',
  'api-keys',
  'missions',
  'runs',
  'schedules',
  'triggers',
  'webhooks',
  'sandboxes',
  'blueprints',
  'files',
  'models',
  'agents',
  'knowledge',
  'memory',
  'feedback',
  'evaluations',
  'exports',
  'web',
] as const;
