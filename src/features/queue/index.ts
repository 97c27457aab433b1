// Queue TV board (issue 16; docs/decisions/0026-queue-board.md): queues, service points, tickets,
// the board's state and displays, the staff console, the daily reset.
export { SERVICE_POINT_KINDS, TICKET_SOURCES, TICKET_STATUSES } from '#db/schema/queue';
export { announcementText, SPEECH_LANGUAGES, type SpeechLanguage, speechLanguages } from './announcement';
export * from './board-state';
export {
  createDisplay,
  DISPLAY_CODE,
  findDisplay,
  listDisplays,
  type OpenedDisplay,
  openDisplay,
  revokeDisplay,
} from './displays.server';
export { queueJobs, runDailyReset } from './jobs.server';
export { type KioskResult, kioskTicket } from './kiosk.server';
export * from './kiosk-rules';
export { registerQueueTemplates } from './messages';
export { pointLabel, pointLabelKey } from './point-label';
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
export * from './queue-rules';
export { queueSetupLists, type SetupOutcome, staffQueueSetupAction } from './queue-setup.server';
export * from './queue-setup-rules';
export { boardState, queueSetup, staffQueue, ticketState } from './queue-views.server';
export { type ConsoleOutcome, staffQueueAction } from './staff-console.server';
