// The browser door of features/catalogue: its pure rules, form schemas and addresses.
export * from './catalogue-forms';
export * from './hours-rules';
export { outsideHours, rangesOn, type Schedule, withinHours } from './outside-hours';
export * from './paths';
