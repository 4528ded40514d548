import { AGENT_LIMITS, AGENT_MESSAGES, clientSearchFormSchema, type AgentAccount } from '@ecare/shared/agents';
import { formatSirenSiret } from '@ecare/shared/siren-siret';
import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { connectClient } from '../api/connect-client.ts';
import { searchAccounts } from '../api/search-accounts.ts';

type Status = { kind: 'connecting' } | { kind: 'connected' } | { kind: 'failed'; message: string } | null;

const keyOf = (account: AgentAccount) => `${account.idClientBscs}|${account.email}`;

interface ClientSearchProps {
  agentToken: string;
  /** The customer session opened: the page goes on as the customer. */
  onConnected: (accessToken: string, raisonSociale: string) => Promise<void>;
}

/** /recherche-client (spec §2, §4, §5): find a customer's billing account, then connect to it for a reason. */
export function ClientSearch({ agentToken, onConnected }: ClientSearchProps) {
  const form = useZodForm(clientSearchFormSchema, { defaultValues: { emailClient: '', numeroCompte: '', motif: '' } });
  const emailClient = useWatch({ control: form.control, name: 'emailClient' });
  const [results, setResults] = useState<AgentAccount[] | null>(null);
  const [motif, setMotif] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const radioName = useId();
  const accountDisabled = emailClient.trim() !== '';

  // The account number cannot be typed while an e-mail is given (spec §5).
  useEffect(() => {
    if (accountDisabled) form.setValue('numeroCompte', '');
  }, [accountDisabled, form]);

  const connect = async (account: AgentAccount, reason: string) => {
    setStatus({ kind: 'connecting' });
    try {
      const answer = await connectClient(agentToken, { idClientBscs: account.idClientBscs, email: account.email, motif: reason });
      setStatus({ kind: 'connected' });
      await onConnected(answer.access_token, answer.raisonSociale);
    } catch (error) {
      const refused = isApiError(error) && error.code === 'AGENT_MOTIF_INVALID';
      setStatus({ kind: 'failed', message: refused ? error.exceptionMessage : AGENT_MESSAGES.connectionFailed(account.codeClientBscs, account.email) });
    }
  };

  const search = async (values: { emailClient: string; numeroCompte?: string | undefined; motif: string }) => {
    setStatus(null);
    setChosen(null);
    const answer = await searchAccounts(agentToken, { emailClient: values.emailClient, numeroCompte: values.numeroCompte ?? '' });
    setResults(answer.comptesFacturation);
    setMotif(values.motif);
    const [only, ...others] = answer.comptesFacturation;
    // Exactly one account: chosen and connected at once (spec §4).
    if (only && others.length === 0) {
      setChosen(keyOf(only));
      await connect(only, values.motif);
    } else {
      resultsRef.current?.focus();
    }
  };

  const clear = () => {
    form.reset({ emailClient: '', numeroCompte: '', motif: '' });
    setResults(null);
    setChosen(null);
    setStatus(null);
  };

  const selected = results?.find((account) => keyOf(account) === chosen) ?? null;

  return (
    <div className="max-w-5xl space-y-8">
      <Form form={form} onSubmit={search} className="max-w-xl space-y-5" aria-label="Recherche d’un client">
        <TextField name="emailClient" type="email" label="Adresse e-mail du gestionnaire" autoComplete="off" maxLength={254} />
        <TextField
          name="numeroCompte"
          label="Numéro de compte de facturation"
          help="Par exemple 1.23456789 ; inutile quand l’adresse e-mail est indiquée."
          disabled={accountDisabled}
          autoComplete="off"
          maxLength={40}
        />
        <TextField
          name="motif"
          label="Motif de la connexion"
          help="Au moins 10 caractères, ou le numéro du ticket (SUP-AAAA-NNNNNN). Le client le verra dans son espace."
          required
          maxLength={AGENT_LIMITS.motifMax}
          autoComplete="off"
        />
        <FormAlert />
        <div className="flex flex-wrap gap-3">
          <SubmitButton>Rechercher</SubmitButton>
          <button type="button" className="btn-secondary" onClick={clear}>
            Effacer
          </button>
        </div>
      </Form>

      {results !== null ? (
        <section aria-labelledby="resultats-titre" className="space-y-4">
          <h2 id="resultats-titre" ref={resultsRef} tabIndex={-1} className="text-xl font-bold text-primary-strong outline-none">
            Résultats de la recherche
          </h2>
          {results.length === 0 ? (
            <Alert tone="info">
              <p>{AGENT_MESSAGES.noClient}</p>
            </Alert>
          ) : (
            <fieldset>
              <legend className="sr-only">Compte de facturation à reprendre</legend>
              <div className="overflow-x-auto rounded-lg border border-line-soft bg-surface">
                <table className="w-full border-collapse text-left">
                  <caption className="sr-only">Comptes de facturation trouvés</caption>
                  <thead className="border-b border-line bg-canvas">
                    <tr>
                      <th scope="col" className="px-4 py-3">
                        <span className="sr-only">Choix</span>
                      </th>
                      <th scope="col" className="px-4 py-3">Raison sociale</th>
                      <th scope="col" className="px-4 py-3">Compte</th>
                      <th scope="col" className="px-4 py-3">SIREN / SIRET</th>
                      <th scope="col" className="px-4 py-3">Ville</th>
                      <th scope="col" className="px-4 py-3">E-mail de connexion</th>
                    </tr>
                  </thead>
                  <tbody>
                    {results.map((account) => {
                      const key = keyOf(account);
                      const id = `${radioName}-${key}`;
                      return (
                        <tr key={key} className="border-b border-line-soft last:border-0">
                          <td className="px-4 py-3">
                            <input
                              id={id}
                              type="radio"
                              name={radioName}
                              className="size-5 accent-primary"
                              checked={chosen === key}
                              onChange={() => setChosen(key)}
                              aria-label={`${account.raisonSociale}, compte ${account.codeClientBscs}, ${account.email}`}
                            />
                          </td>
                          <th scope="row" className="px-4 py-3 font-semibold">
                            <label htmlFor={id}>{account.raisonSociale}</label>
                          </th>
                          <td className="px-4 py-3 whitespace-nowrap">{account.codeClientBscs}</td>
                          <td className="px-4 py-3 whitespace-nowrap">{formatSirenSiret(account.sirenSiret)}</td>
                          <td className="px-4 py-3">{account.ville}</td>
                          <td className="px-4 py-3">{account.email}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </fieldset>
          )}
          {results.length > 0 ? (
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                className="btn-primary"
                disabled={!selected || status?.kind === 'connecting'}
                onClick={() => selected && void connect(selected, motif)}
              >
                Sélectionner ce client
              </button>
              <button type="button" className="btn-secondary" onClick={clear}>
                Abandonner
              </button>
            </div>
          ) : null}
        </section>
      ) : null}

      <div role="status" aria-live="polite">
        {status?.kind === 'connecting' ? (
          <p className="flex items-center gap-3 font-semibold">
            <Spinner small />
            {AGENT_MESSAGES.connecting}
          </p>
        ) : null}
        {status?.kind === 'connected' ? <p className="font-semibold text-success">{AGENT_MESSAGES.connected}</p> : null}
      </div>
      {status?.kind === 'failed' ? (
        <Alert tone="error">
          <p className="font-semibold">{status.message}</p>
        </Alert>
      ) : null}
    </div>
  );
}
