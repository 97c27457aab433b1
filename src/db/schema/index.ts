export * from './accounts';
export * from './bookings';
export * from './donations';
export * from './jobs';
export * from './loyalty';
export * from './payments';
export * from './tenants';
