/** Set by the error page to the status of the error it shows (SPEC.md §2). */
export const ERROR_STATUS_HEADER = 'x-serambi-error-status';

/** Gives an error page response the status of its error instead of Astro's fixed 500. */
export function withErrorStatus(response: Response): Response {
  const wanted = Number(response.headers.get(ERROR_STATUS_HEADER));
  if (!wanted) return response;
  const headers = new Headers(response.headers);
  headers.delete(ERROR_STATUS_HEADER);
  if (wanted === response.status) return new Response(response.body, { status: wanted, headers });
  return new Response(response.body, { status: wanted, statusText: '', headers });
}
