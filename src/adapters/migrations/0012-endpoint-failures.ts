import { Migration } from '@mikro-orm/migrations';

/**
 * Outbound endpoints count their consecutive failed attempts (a success resets the count, as does enabling
 * the endpoint again); past the configured number the dispatcher disables the endpoint (`failing`). Claims
 * read due messages per endpoint in due order (the index), so one endpoint's backlog is not scanned whole.
 */
export class Migration0012EndpointFailures extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table webhook_endpoints add column consecutive_failures integer not null default 0;`);
    this.addSql(`alter table webhook_endpoints drop constraint webhook_endpoints_disabled_reason_check;`);
    this.addSql(
      `alter table webhook_endpoints add constraint webhook_endpoints_disabled_reason_check
         check (disabled_reason in ('by_user', 'gone', 'failing'));`,
    );
  }
}
