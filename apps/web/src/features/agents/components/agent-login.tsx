import { AGENT_LIMITS, compositeUsername, type AgentUser } from '@ecare/shared/agents';
import { hashConfidentialCode } from '@ecare/shared/auth';
import { MFA_REQUIRED_ERROR, mfaRequiredSchema, type MfaRequired } from '@ecare/shared/security';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FormAlertError } from '../../../components/ui/form/api-error-to-form.ts';
import { Form } from '../../../components/ui/form/form.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { PATHS } from '../../../lib/routes.ts';
import { requestAgentToken } from '../api/request-agent-token.ts';
import { validateAgent } from '../api/validate-agent.ts';
import { getAgentToken, saveAgent } from '../api/agent-storage.ts';
import { ssoConnect } from '../sso/api/sso-calls.ts';
import { readSsoState } from '../sso/sso-state.ts';
import { clientLoginSchema, identificationSchema } from '../agent-forms.ts';

/** The hash of the agent's code, kept in memory for the final login (never the code itself). */
interface Recognised {
  user: AgentUser;
  codeHash: string;
}

interface AgentLoginProps {
  /** The agent already recognised in this tab (stored token), if any. */
  agent: AgentUser | null;
  onRecognised: (agent: AgentUser) => void;
  /** The customer session the final login opened. */
  onCustomerToken: (accessToken: string) => Promise<void>;
  /**
   * The second step an agent signing in with a code passes before the customer session opens
   * (decision 057), composed by the route (`onRestart`: back to the form).
   */
  secondStep: (challenge: MfaRequired, onRestart: () => void) => ReactNode;
}

/** The 403 `mfa_required` answer of the composite login, read; null for any other refusal. */
function secondStepDue(error: unknown): MfaRequired | null {
  if (!isApiError(error) || error.status !== 403 || error.code !== MFA_REQUIRED_ERROR) return null;
  const challenge = mfaRequiredSchema.safeParse(error.body);
  return challenge.success ? challenge.data : null;
}

/** Form 1: identifier and confidential code (spec §2, §5); the code is hashed as a customer's. */
function IdentificationForm({ onDone }: { onDone: (recognised: Recognised) => void }) {
  const form = useZodForm(identificationSchema, { defaultValues: { username: '', code: '' }, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const submit = async (values: { username: string; code: string }) => {
    const codeHash = await hashConfidentialCode(values.username, values.code);
    // A refusal shows the server's message: spec §8's, worded with the configured brand.
    const answer = await validateAgent(values.username, codeHash);
    saveAgent(answer.access_token, { loginSc: answer.loginSc, nomSc: answer.nomSc, profil: answer.profil });
    onDone({ user: { loginSc: answer.loginSc, nomSc: answer.nomSc, profil: answer.profil }, codeHash });
  };
  return (
    <Form form={form} onSubmit={submit} className="max-w-md space-y-5" aria-labelledby="agent-identification-titre">
      <h2 id="agent-identification-titre" className="text-xl font-bold text-primary-strong">
        Identification du conseiller
      </h2>
      <TextField name="username" label="Identifiant" required clearErrorOnFocus autoComplete="username" maxLength={AGENT_LIMITS.identifiantMax} />
      <TextField
        name="code"
        type="password"
        label="Code confidentiel"
        required
        clearErrorOnFocus
        autoComplete="current-password"
        maxLength={AGENT_LIMITS.codeMax}
      />
      <FormAlert />
      <SubmitButton>Valider</SubmitButton>
    </Form>
  );
}

/** Forms 2 and 3: the Régate code of the point of sale, the client's e-mail and the reason (composite login). */
function ClientLoginForm({
  codeHash,
  onCustomerToken,
  onSecondStep,
}: {
  codeHash: string | null;
  onCustomerToken: AgentLoginProps['onCustomerToken'];
  onSecondStep: (challenge: MfaRequired) => void;
}) {
  const sso = readSsoState();
  const form = useZodForm(clientLoginSchema, {
    defaultValues: { codeRegate: sso?.clesSSO.CodeRegate ?? '', emailClient: '', motif: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const submit = async (values: { codeRegate: string; emailClient: string; motif: string }) => {
    // An agent recognised by single sign-on has no code in memory: their token and assertion stand for it (decision 034).
    const agentToken = codeHash ? null : getAgentToken();
    if (!codeHash && !(sso && agentToken)) throw new FormAlertError('Identifiez-vous de nouveau avec votre code confidentiel pour vous connecter au compte d’un client.');
    try {
      const username = compositeUsername(values.codeRegate, values.emailClient);
      const token = codeHash ? await requestAgentToken(username, codeHash, values.motif) : await ssoConnect(agentToken ?? '', { username, motif: values.motif });
      await onCustomerToken(token.access_token);
    } catch (error) {
      const challenge = secondStepDue(error);
      if (challenge) return onSecondStep(challenge);
      // Spec §4: on failure the client e-mail is cleared.
      form.setValue('emailClient', '');
      throw error;
    }
  };
  return (
    <Form form={form} onSubmit={submit} className="max-w-md space-y-5" aria-labelledby="agent-client-titre">
      <h2 id="agent-client-titre" className="text-xl font-bold text-primary-strong">
        Connexion au compte d’un client
      </h2>
      <TextField name="codeRegate" label="Code Régate du bureau" required clearErrorOnFocus maxLength={AGENT_LIMITS.regateMax} autoComplete="off" />
      <TextField name="emailClient" type="email" label="Adresse e-mail du client" required clearErrorOnFocus autoComplete="off" />
      <TextField
        name="motif"
        label="Motif de la connexion"
        help="Au moins 10 caractères, ou le numéro du ticket (SUP-AAAA-NNNNNN). Le client le verra dans son espace."
        required
        clearErrorOnFocus
        maxLength={AGENT_LIMITS.motifMax}
        autoComplete="off"
      />
      <FormAlert />
      <SubmitButton>Valider</SubmitButton>
    </Form>
  );
}

/** /identification/authen-gc (spec §2 "Agent login"): the agent identifies, then reaches a client. */
export function AgentLogin({ agent, onRecognised, onCustomerToken, secondStep }: AgentLoginProps) {
  const [recognised, setRecognised] = useState<Recognised | null>(null);
  const [challenge, setChallenge] = useState<MfaRequired | null>(null);
  const user = recognised?.user ?? agent;
  if (!user) {
    return (
      <IdentificationForm
        onDone={(done) => {
          setRecognised(done);
          onRecognised(done.user);
        }}
      />
    );
  }
  return (
    <div className="space-y-10">
      <section aria-labelledby="agent-recherche-titre" className="max-w-2xl space-y-3">
        <h2 id="agent-recherche-titre" className="text-xl font-bold text-primary-strong">
          Rechercher un client
        </h2>
        <p>Retrouvez le compte de facturation d’un client par l’adresse e-mail de son gestionnaire ou par son numéro.</p>
        <Link to={PATHS.clientSearch} className="btn-primary">
          Rechercher un client
        </Link>
      </section>
      {user.profil !== 'BDP' ? null : challenge ? (
        <div className="max-w-md">{secondStep(challenge, () => setChallenge(null))}</div>
      ) : (
        <ClientLoginForm codeHash={recognised?.codeHash ?? null} onCustomerToken={onCustomerToken} onSecondStep={setChallenge} />
      )}
    </div>
  );
}
