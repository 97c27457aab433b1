/** An error that knows its HTTP status; the error page shows its message (SPEC.md §2). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message?: string,
  ) {
    super(message ?? '');
    this.name = 'HttpError';
  }
}

/** The status of any thrown value: its own `status`/`statusCode` when valid, else 500. */
export function statusOf(error: unknown): number {
  const candidate =
    error && typeof error === 'object'
      ? ((error as { status?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode)
      : undefined;
  return typeof candidate === 'number' && candidate >= 400 && candidate <= 599 ? candidate : 500;
}

/** The message to show: the error's own, else null (the page then says "An error occured"). */
export function messageOf(error: unknown): string | null {
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return null;
}
