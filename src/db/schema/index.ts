export * from './accounts';
export * from './bookings';
export * from './donations';
export * from './fundraisers';
export * from './jobs';
export * from './payments';
export * from './tenants';
