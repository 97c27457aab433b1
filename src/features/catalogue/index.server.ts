// The server door of features/catalogue: the staff screens' use cases (pages import this).
export {
  catalogueChange,
  moveInCatalogue,
  type SaveResult,
  saveBookingSettings,
  saveCategory,
  savePractitioner,
  saveService,
  setServiceActive,
  staffCatalogue,
  staffCategories,
  staffCategory,
  staffPractitioner,
  staffService,
  staffServices,
} from './catalogue.server';
export type { CategoryRow, ResourceRow, ServiceRow } from './catalogue-repo.server';
export {
  keepBookingOutsideHours,
  type PractitionerSchedule,
  practitionerSchedule,
  removeDateOverride,
  removeHoliday,
  type ScheduleSaved,
  saveDateOverride,
  saveHolidays,
  saveWeeklyHours,
  tenantHolidays,
} from './hours.server';
export type { HolidayRow, UpcomingBooking } from './hours-repo.server';
export * from './index.ts';
