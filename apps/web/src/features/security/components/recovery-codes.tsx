// The recovery codes' display is shared with the login's enrolment at sign-in (decision 057).
export { RECOVERY_CODES_FILE, RecoveryCodes } from '../../../components/second-factor/recovery-codes.tsx';
