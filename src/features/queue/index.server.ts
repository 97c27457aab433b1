// The server door of features/queue: its use cases (database, messages, jobs). Pages, the
// composition root and other features' server code import this; browser code imports ./index.ts.

export { SERVICE_POINT_KINDS, TICKET_SOURCES, TICKET_STATUSES } from '#db/schema/queue.ts';
export { createDisplay, DISPLAY_CODE, findDisplay, listDisplays, openDisplay, revokeDisplay } from './displays.server';
export * from './index.ts';
export { queueJobs, runDailyReset } from './jobs.server';
export { kioskTicket } from './kiosk.server';
export { registerQueueTemplates } from './messages';
export { qtvPage } from './qtv-page.server';
export {
  callNext,
  closeEarlierDays,
  issueTicket,
  QueueError,
  queueChannelKey,
  queueSmsAbroad,
  queueSmsEnabled,
  ticketAction,
  ticketHistory,
} from './queue.server';
export { queueConsolePage } from './queue-console-page.server';
export { queueSetupLists, staffQueueSetupAction } from './queue-setup.server';
export { queueSetupPage } from './queue-setup-page.server';
export {
  boardState,
  CONSOLE_NEXT,
  MISSED_PAGE_ROWS,
  queueSetup,
  staffQueue,
  ticketState,
} from './queue-views.server';
export { staffQueueAction } from './staff-console.server';
