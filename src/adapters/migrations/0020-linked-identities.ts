import { Migration } from '@mikro-orm/migrations';

/**
 * Single sign-on: the outside identities (an OpenID Connect `sub`, a GitHub user id) linked to users. One
 * identity opens one account, and an account has at most one identity per provider; both rules are unique
 * indexes, so two first sign-ins at once cannot link twice.
 */
export class Migration0020LinkedIdentities extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table linked_identities (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        provider text not null,
        subject text not null,
        email text not null,
        created_at timestamptz not null
      );
      create unique index linked_identities_subject_key on linked_identities (provider, subject);
      create unique index linked_identities_user_provider_key on linked_identities (user_id, provider);
    `);
  }
}
