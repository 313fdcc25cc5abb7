import { errorClass } from '../kernel/errors.ts';

/** A state-changing form came without this session's CSRF token, or from another origin: nothing was done. */
export class CsrfRejected extends errorClass(
  'forbidden',
  'csrf_failed',
  'the form was not sent from this site; reload the page and try again',
) {}

/** The current password given to change it is wrong (the same answer for every reason, as at sign-in). */
export class WrongCurrentPassword extends errorClass(
  'invalid',
  'wrong_current_password',
  'the current password is not correct',
) {}
