// What a log line may say about a request. A link's query string can be its whole authority (a
// newsletter's unsubscribe `token`, a code typed from an email, a payment's access code): whoever
// reads the logs must not be able to use it, so its value is replaced by `[redacted]`.

/**
 * Query parameters whose values are secrets: `token`, `code`, `otp`, `password`, and any name
 * ending in `token` or `code` (`access_code`, `resetToken`), in any letter case.
 */
const SECRET_PARAMETER = /([?&;](?:[^=&#;]*(?:token|code)|otp|password)=)[^&#;]*/gi;

/** `/api/newsletter/unsubscribe?token=[redacted]` of `/api/newsletter/unsubscribe?token=abc…`. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  return url.slice(0, queryAt) + url.slice(queryAt).replace(SECRET_PARAMETER, '$1[redacted]');
}

/** The parts of a request Fastify's log lines carry. */
interface LoggedRequestSource {
  method: string;
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * A pino `req` serializer: Fastify's own fields (method, url, version, host, remoteAddress,
 * remotePort), with the URL's secret query parameters redacted.
 */
export function serializeRequest(request: LoggedRequestSource) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
