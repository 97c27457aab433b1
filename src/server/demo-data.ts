/**
 * Whether an empty database gets the demo organisations, whose staff passwords are printed in the
 * README. The embedded database is for trying the app, so it gets them unless DEMO_DATA=0; a real
 * PostgreSQL (DATABASE_URL) may be production, so it gets them only with DEMO_DATA=1.
 */
export function shouldSeedDemo(input: { databaseUrl: string | undefined; demoData: boolean | undefined }): boolean {
  return input.demoData ?? !input.databaseUrl;
}
