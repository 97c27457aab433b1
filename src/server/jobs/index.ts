export { JOB_NAME, type JobContext, type RecurringJob } from './job';
export { type RunOnceResult, runOnce } from './run-once.server';
export { type JobScheduler, type SchedulerOptions, startJobScheduler } from './scheduler.server';
