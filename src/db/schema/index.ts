export * from './accounts';
export * from './bookings';
export * from './payments';
export * from './tenants';
