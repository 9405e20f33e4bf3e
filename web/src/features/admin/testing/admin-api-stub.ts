import { vi } from 'vitest';
import { stubApis, type ApiAnswers, type RecordedRequest } from '../../../testing/render-app';

export interface AdminRequest {
  readonly url: URL;
  readonly method: string;
  readonly body: unknown;
}

export type AdminAnswer = (request: AdminRequest) => Response | Promise<Response>;

export { jsonResponse } from '../../../testing/test-utils';

/**
 * stubApis (config, subscription, permissions) plus AdminQueries answers by exact path, which
 * see the query string and method: stubApis' own `extra` answers only see the request init.
 */
export function stubAdminApi(
  answers: Record<string, AdminAnswer>,
  /** The session's own answers (e.g. an editor's permission set). */
  session: ApiAnswers = {},
): RecordedRequest[] {
  const requests = stubApis(session);
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const answer = answers[url.pathname];
    if (!answer) return inner(input, init);
    requests.push({ url: href, init });
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    return answer({ url, method: init?.method ?? 'GET', body });
  });
  return requests;
}
