/*
 * What every answer of the fuzz suite must be: no 5xx, no hang, no stack
 * trace, and an error with a message (a JSON `message`, or an HTML page's title) in the caller's language.
 */

/** Longest a single call may take before it counts as a hang. */
export const CALL_TIMEOUT_MS = 5000;

/** Signs of internals in a body: stack frames, source paths, driver errors. */
const LEAK = /\n\s+at |node_modules|file:\/\/|\/server\/|\.ts:\d+|PostgresError|syntax error at or near|invalid byte sequence/;

export interface Answer {
  status: number;
  text: string;
  contentType: string;
}

/** Races `call` against the per-call timeout; status 0 means it hung. */
export async function withinTimeout(call: () => Promise<Response>): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<Answer>((resolve) => {
    timer = setTimeout(() => resolve({ status: 0, text: '', contentType: '' }), CALL_TIMEOUT_MS);
  });
  const answered = (async (): Promise<Answer> => {
    const res = await call();
    return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') ?? '' };
  })();
  try {
    return await Promise.race([answered, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The error answer's message, or null when there is none: a JSON body's
 * non-empty `message`, or, for a page (the sandbox aggregator's game page,
 * framed by the site), the `<title>` of its HTML error page.
 */
export function messageOf(answer: Answer): string | null {
  if (answer.contentType.startsWith('text/html')) {
    const title = /<title>([^<]+)<\/title>/.exec(answer.text)?.[1]?.trim();
    return title ? title : null;
  }
  try {
    const body = JSON.parse(answer.text) as { message?: unknown };
    return typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;
  } catch {
    return null;
  }
}

/** What is wrong with an answer, or null when it is acceptable. */
export function problemWith(answer: Answer): string | null {
  if (answer.status === 0) return `no answer within ${CALL_TIMEOUT_MS} ms`;
  if (answer.status >= 500) return `status ${answer.status}`;
  if (LEAK.test(answer.text)) return 'internals in the body';
  if (answer.status >= 400 && messageOf(answer) === null) return 'error without a message';
  return null;
}
