/**
 * Who acts in a request: the signed-in user (in agent mode, the customer the agent acts for; the
 * agent is in the acting-agent scope) and the address the request came from, for the audit log.
 */
export interface Actor {
  userId: number;
  sourceAddress: string;
}

/** The same with the name that mails and audit entries show. */
export interface NamedActor extends Actor {
  name: string;
}
