export { type Access, accessFor, isAllowed, loginRedirect } from './access';
export type { ContactChangeResult } from './account.server';
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

export { CODE_TTL_MS, MAX_CODE_ATTEMPTS } from './login-code';
export type { Channel, CodeRefusal } from './login-codes.server';
export {
  isStaffRole,
  ROLE_MATRIX,
  roleReaches,
  STAFF_ROLES,
  type StaffArea,
  type StaffRole,
  staffMay,
} from './roles';
export type { CustomerUser, StaffUser } from './sessions.server';
