/** The real server process the browser tests start (the API tests that kill and restart it use the same one). */
export { e2eDatabaseUrl, prepareServerDatabase, startServer, type RunningServer, type ServerOptions } from '../../apps/api/src/test/server-process.ts';
