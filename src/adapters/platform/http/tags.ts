/** The OpenAPI tags routes are grouped under (the document lists them in order of first use). */
export const TAGS = {
  account: 'authentication, workspaces and billing',
  missions: 'missions and runs',
  workers: 'agents and orchestration',
  integrations: 'integrations and webhooks',
  notifications: 'notifications',
  platform: 'platform services',
} as const;
