import { LOGIN_LIMITS } from '@ecare/shared/constants';

/**
 * Login form check, hand-written so the login route loads no schema library; it accepts what
 * loginFormSchema of @ecare/shared accepts (a test keeps them aligned).
 */

// Same pattern as zod's z.email() (used by loginFormSchema), copied to keep zod off this route.
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export interface LoginFormValues {
  username: string;
  password: string;
}

export interface LoginFormErrors {
  username: boolean;
  password: boolean;
}

export function validateLoginForm(values: LoginFormValues): LoginFormErrors {
  const username = values.username.trim();
  return {
    username: username === '' || username.length > LOGIN_LIMITS.usernameMax || !EMAIL.test(username),
    password:
      values.password.length < LOGIN_LIMITS.passwordMin || values.password.length > LOGIN_LIMITS.passwordMax,
  };
}

export function hasLoginErrors(errors: LoginFormErrors): boolean {
  return errors.username || errors.password;
}
