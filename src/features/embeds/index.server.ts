// The server door of features/embeds: its use cases (database, messages, jobs). Pages, the
// composition root and other features' server code import this; browser code imports ./index.ts.

export { embedOriginsFor, saveEmbedOrigins, updateEmbedOriginsFromForm } from './embed-origins.server';
export * from './index.ts';
