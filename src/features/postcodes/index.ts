export { PostcodeItem, PostcodeQuery } from './postcode.schema';
