// The server door of features/postcodes: its use cases (database, messages, jobs). Pages, the
// composition root and other features' server code import this; browser code imports ./index.ts.
export * from './index.ts';
export { lookupPostcode } from './postcode-repo.server';
