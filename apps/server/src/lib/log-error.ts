// What a log line may say about an error. A failed query's message carries the values it was
// writing (a password hash, an emailed code), a driver's `detail` repeats them, and a stack
// trace says more about the code than a log reader needs: only names, codes and the message's
// first line are kept.

export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  cause?: LoggedError;
}

const MAX_MESSAGE = 500;

function firstLine(message: string): string {
  // Drizzle: "Failed query: <sql>\nparams: <values>"; keep the SQL, never the values.
  const line = message.split('\n', 1)[0] ?? '';
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE)}…` : line;
}

/** A pino `err` serializer that drops values, details and stacks. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a non-Error value was thrown' };
  const code = (error as { code?: unknown }).code;
  const logged: LoggedError = { type: error.name, message: firstLine(error.message) };
  if (typeof code === 'string' || typeof code === 'number') logged.code = String(code);
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}
