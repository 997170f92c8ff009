/**
 * What the client needs from a session, and no more. The session (src/core/auth) implements
 * it; the client never sees a refresh token, and nothing here is ever returned to a caller.
 */
export interface RequestAuthorization {
  /** The value of the `Authorization` header. */
  readonly header: string;
  /**
   * Which access token this is. A 401 names the generation it was given, so that many
   * concurrent 401s for the same token cause one refresh, and a 401 for an already replaced
   * token causes none.
   */
  readonly generation: number;
}

export interface RequestAuthorizer {
  /** The header for the next request, or null when nobody is logged in. */
  authorize(signal?: AbortSignal): Promise<RequestAuthorization | null>;
  /**
   * Called at most once per request, on a 401. Resolves true when a newer token is ready (the
   * request is then repeated once), false when there is nothing to refresh. Rejects with a
   * `ServiceError` when the refresh itself failed.
   */
  handleUnauthorized(rejected: RequestAuthorization | null, signal?: AbortSignal): Promise<boolean>;
}
