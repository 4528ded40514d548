/**
 * Baseline for the API throughput figures: a bare Fastify 5 server with one GET route that
 * answers a JSON body shaped and sized like GET /api/comptes_facturation (one billing account,
 * about 410 bytes). No plugins, no database, logger off.
 *
 * Run: node --import tsx bench/bare-server.ts   (PORT=0 or unset = any free port)
 * Prints "BARE_PORT=<port>" on stdout once it listens.
 */
import Fastify from 'fastify';
import { BARE_ROUTE } from './bench-config.ts';

const accounts = [
  {
    idClientBscs: 1000001,
    codeClientBscs: '8.1000001',
    statut: 'ACTIF',
    statutContratFixe: 'ACTIF',
    nbContratsMobile: 12,
    isGestionnaire: true,
    sirenSiret: '73282932056936',
    raisonSociale: 'Boulangerie Exemple SARL',
    nom: 'Exemple',
    prenom: 'Camille',
    email: 'contact@boulangerie-exemple.example',
    telephone: '0188304511',
    adresse: { numero: '130', voie: 'rue Pasteur', codePostal: '13006', ville: 'Marseille' },
  },
];

const app = Fastify({ logger: false });
app.get(BARE_ROUTE, async () => accounts);

const shutdown = () => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('bare server: no TCP address');
process.stdout.write(`BARE_PORT=${address.port}\n`);
