// Queue TV board (issue 16; docs/decisions/0026-queue-board.md): queues, service points, tickets,
// the board's state and displays, the staff console, the daily reset.

export { announcementText, SPEECH_LANGUAGES, type SpeechLanguage, speechLanguages } from './announcement';
export * from './board-state';
export type { OpenedDisplay } from './displays.server';

export type { KioskResult } from './kiosk.server';
export * from './kiosk-rules';
export * from './paths';
export { pointLabel, pointLabelKey } from './point-label';
export * from './queue-rules';
export type { SetupOutcome } from './queue-setup.server';
export * from './queue-setup-rules';
export type { ConsoleOutcome } from './staff-console.server';
