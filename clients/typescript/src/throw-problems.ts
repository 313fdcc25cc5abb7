import type { Middleware } from 'openapi-fetch';
import { ApiError } from './problem.ts';

/** openapi-fetch middleware: every answer outside 2xx becomes a thrown ApiError, so callers handle data only. */
export const throwProblems: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await ApiError.from(response);
    return undefined;
  },
};
