import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks both ways (CONTRACT section 8).
 *
 * - `triggers.signature_scheme`: how a trigger's deliveries are signed; existing triggers keep the platform
 *   scheme.
 */
export class Migration0007SignatureSchemesOutboundWebhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table triggers
        add column signature_scheme text not null default 'platform'
          check (signature_scheme in ('platform', 'github', 'stripe', 'slack', 'standard-webhooks', 'shopify'));
    `);
  }
}
