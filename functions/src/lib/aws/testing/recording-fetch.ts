/** A fetch double for the signed-fetch adapters' tests: records each request, answers with `answer()`. */
export function recordingFetch(answer: () => Response) {
  const requests: { url: string; init: RequestInit }[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), init: init! });
    return answer();
  };
  return { requests, fetch: fetch as typeof globalThis.fetch };
}
