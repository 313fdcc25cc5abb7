/** The stable `code` of every problem+json answer of the API (CONTRACT section 1 and 6). */
export type ProblemCode =
  | 'invalid_request'
  | 'validation_failed'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'invalid_credentials'
  | 'unauthorized'
  | 'invalid_token'
  | 'token_expired'
  | 'forbidden'
  | 'api_key_not_allowed'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'rate_limited'
  | 'missing_signature'
  | 'invalid_signature'
  | 'service_unavailable'
  | 'internal_error'
  // A code a newer server may add: still a string to switch on.
  | (string & {});

/** A field a validation failure names, as a JSON pointer into the request. */
export interface ProblemField {
  readonly path: string;
  readonly message: string;
}

/** An error answer of the API (RFC 9457 problem+json), thrown by every call of the client. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ProblemCode;
  readonly title: string;
  readonly detail: string;
  /** The fields a `validation_failed` answer names. */
  readonly errors: readonly ProblemField[];
  /** From `Retry-After` (429, 503): when a retry may succeed. */
  readonly retryAfterSeconds: number | undefined;
  /** The `X-Request-Id` of the answer, to quote when reporting it. */
  readonly requestId: string | null;

  constructor(status: number, problem: Partial<Problem>, headers: Headers = new Headers()) {
    super(`${status} ${problem.code ?? 'error'}: ${problem.detail ?? problem.title ?? 'no detail'}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = problem.code ?? `http_${status}`;
    this.title = problem.title ?? '';
    this.detail = problem.detail ?? '';
    this.errors = problem.errors ?? [];
    const retryAfter = Number(headers.get('retry-after'));
    this.retryAfterSeconds =
      headers.has('retry-after') && Number.isFinite(retryAfter) ? retryAfter : undefined;
    this.requestId = headers.get('x-request-id');
  }

  /** The error a non-2xx response stands for; a body that is not problem+json keeps only the status. */
  static async from(response: Response): Promise<ApiError> {
    const text = await response.text().catch(() => '');
    let problem: Partial<Problem> = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') problem = parsed as Partial<Problem>;
    } catch {
      // Not JSON (a proxy's HTML page...): the status says it all.
    }
    return new ApiError(response.status, problem, response.headers);
  }
}

interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: string;
  readonly errors: ProblemField[];
}

/** Whether `error` is an API answer with this code: `if (isProblem(e, 'conflict')) ...`. */
export function isProblem(error: unknown, code: ProblemCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}
