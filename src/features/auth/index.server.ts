// The server door of features/auth: its use cases (database, messages, jobs). Pages, the
// composition root and other features' server code import this; browser code imports ./index.ts.

export { confirmContactChange, renameAccount, requestContactChange } from './account.server';
export * from './index.ts';
export { authJobs } from './jobs.server';
export { requestLoginCode, verifyLoginCode } from './login-codes.server';
export { registerAuthTemplates } from './messages';
export { hashPassword } from './passwords.server';
export {
  CUSTOMER_COOKIE,
  customerForToken,
  endSession,
  STAFF_COOKIE,
  staffForToken,
  startSession,
  sweepExpiredAuth,
} from './sessions.server';
export {
  acceptInvite,
  INVITE_TTL_HOURS,
  invitationFor,
  inviteStaff,
  setStaffDisabled,
  staffLogin,
  teamOf,
} from './staff.server';
