// Queue TV board (issue 16; docs/decisions/0026-queue-board.md): queues, service points, tickets,
// the board's state and displays, the staff console, the daily reset.
export { SERVICE_POINT_KINDS, TICKET_SOURCES, TICKET_STATUSES } from '#db/schema/queue';
export { announcementText, SPEECH_LANGUAGES, type SpeechLanguage, speechLanguages } from './announcement';
export * from './board-state';
export { queueJobs, runDailyReset } from './jobs.server';
export { registerQueueTemplates } from './messages';
export { pointLabel, pointLabelKey } from './point-label';
export {
  boardState,
  callNext,
  closeEarlierDays,
  createDisplay,
  DISPLAY_CODE,
  findDisplay,
  issueTicket,
  listDisplays,
  QueueError,
  queueChannelKey,
  queueSetup,
  queueSmsEnabled,
  revokeDisplay,
  staffQueue,
  ticketAction,
  ticketHistory,
  ticketState,
} from './queue.server';
export * from './queue-rules';
export { queueSetupLists, type SetupOutcome, staffQueueSetupAction } from './queue-setup.server';
export * from './queue-setup-rules';
export { type ConsoleOutcome, kioskTicket, staffQueueAction } from './staff-console.server';
