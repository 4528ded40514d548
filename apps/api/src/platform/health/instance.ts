/**
 * This instance as the proxy in front sees it (decision 067): a name, sent in every answer's
 * X-Instance-Id header, and whether it is stopping. From the stop's first moment /ready answers
 * 503, so that the proxy's health checks take it out of rotation while it finishes its work.
 */
export interface InstanceLifecycle {
  readonly id: string;
  stopping(): boolean;
  /** Called once, on SIGTERM or SIGINT: the instance leaves the proxy's rotation. */
  beginStopping(): void;
}

export function instanceLifecycle(id: string): InstanceLifecycle {
  let stopping = false;
  return {
    id,
    stopping: () => stopping,
    beginStopping() {
      stopping = true;
    },
  };
}
