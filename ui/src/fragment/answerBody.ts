/**
 * The body of a service answer, `undefined` for a status outside 200-299. The body is read in
 * either case: an unread body keeps the request open (the page never goes idle, the connection
 * stays taken).
 */
export async function answerBody(response: Response): Promise<string | undefined> {
  const body = await response.text();
  return response.ok ? body : undefined;
}

/**
 * The body of a 2xx answer to a call, `undefined` for another status, a network failure, an
 * abort or a time limit run out (never throws): what a fragment's service call that may fail
 * quietly needs.
 */
export async function fetchBody(url: string, init?: RequestInit): Promise<string | undefined> {
  try {
    return await answerBody(await fetch(url, init));
  } catch {
    return undefined;
  }
}

/** Reads and drops a body the caller has no use for (a failed or retried answer). */
export function dropBody(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}
