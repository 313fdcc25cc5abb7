export interface Database {
  readonly url: string;
  /** Lets go of the database: stops an embedded server this process started. */
  release(): Promise<void>;
}

/** `DATABASE_URL` when configured, otherwise the embedded PostgreSQL kept in `DATA_DIR`. */
export async function openDatabase({
  databaseUrl,
  dataDir,
}: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (databaseUrl) return { url: databaseUrl, release: async () => {} };
  // Loaded only when used: a server on DATABASE_URL never loads the embedded server's code.
  const { startEmbeddedPostgres } = await import('./embedded-postgres.ts');
  return startEmbeddedPostgres(dataDir);
}
