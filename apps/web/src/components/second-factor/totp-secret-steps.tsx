import type { TotpEnrolment } from '@ecare/shared/security';
import { groupedSecret } from './totp-format.ts';

/**
 * The first steps of an authenticator app's enrolment, as items of the caller's numbered list: the
 * QR code to scan (or the app to open on this phone), and the key to type when scanning is not
 * possible. Shared by the security page and the login's enrolment at sign-in (decision 057).
 */
export function TotpSecretSteps({ enrolment }: { enrolment: TotpEnrolment }) {
  return (
    <>
      <li className="space-y-3">
        <p>
          Installez une application d’authentification sur votre téléphone (par exemple Google Authenticator, Microsoft Authenticator ou
          FreeOTP), puis ajoutez-y votre compte en scannant ce QR code.
        </p>
        <img
          src={enrolment.qrCode}
          width={200}
          height={200}
          alt="QR code à scanner avec votre application d’authentification"
          className="rounded-md border border-line-soft bg-white p-2"
        />
        <p>
          Sur ce téléphone, vous pouvez aussi{' '}
          <a href={enrolment.otpauthUrl} className="link">
            ouvrir votre application d’authentification
          </a>
          .
        </p>
      </li>
      <li className="space-y-2">
        <p>Si vous ne pouvez pas scanner le QR code, saisissez cette clé dans l’application&nbsp;:</p>
        <p>
          <code className="inline-block rounded-md bg-canvas px-3 py-2 font-mono text-lg tracking-wider break-all">{groupedSecret(enrolment.secret)}</code>
        </p>
      </li>
    </>
  );
}
