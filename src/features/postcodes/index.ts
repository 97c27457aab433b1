export { PostcodeItem, PostcodeQuery } from './postcode.schema';
export { lookupPostcode } from './postcode-repo.server';
