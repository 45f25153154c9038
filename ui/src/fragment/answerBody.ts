/**
 * The body of a service answer, `undefined` for a status outside 200-299. The body is read in
 * either case: an unread body keeps the request open (the page never goes idle, the connection
 * stays taken).
 */
export async function answerBody(response: Response): Promise<string | undefined> {
  const body = await response.text();
  return response.ok ? body : undefined;
}

/** Reads and drops a body the caller has no use for (a failed or retried answer). */
export function dropBody(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}
