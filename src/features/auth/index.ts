export { type Access, accessFor, isAllowed, loginRedirect } from './access';
export { type ContactChangeResult, confirmContactChange, renameAccount, requestContactChange } from './account.server';
export {
  AcceptInviteBody,
  AccountBody,
  ConfirmContactBody,
  ContactCodeBody,
  InviteStaffBody,
  PASSWORD_MIN_LENGTH,
  RequestCodeBody,
  StaffLoginBody,
  VerifyCodeBody,
} from './auth.schema';
export type { CustomerVerifiedEvent } from './auth-events';
export { codeRefusalMessage, contactRefusalMessage, displayDestination, retryMinutes } from './code-messages';
export { authJobs } from './jobs.server';
export { CODE_TTL_MS, MAX_CODE_ATTEMPTS } from './login-code';
export { type Channel, type CodeRefusal, requestLoginCode, verifyLoginCode } from './login-codes.server';
export { registerAuthTemplates } from './messages';
export { hashPassword } from './passwords.server';
export {
  CUSTOMER_COOKIE,
  type CustomerUser,
  customerForToken,
  endSession,
  STAFF_COOKIE,
  type StaffUser,
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
