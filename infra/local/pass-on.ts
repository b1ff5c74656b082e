/**
 * Passes a request on to another local server: the app's port passes the browser's calls to the
 * local Cognito and Stripe stand-in (decision 109), the S3 gate passes checked requests to s3rver
 * (decision 107).
 */
import * as http from 'node:http';

/** Where to: a local origin (`http://127.0.0.1:<port>`) or a Unix socket. */
export type Upstream = { origin: string } | { socketPath: string };

/** Runs once the upstream has answered with a success, before that answer goes back. */
export type BeforeAnswer = () => Promise<void>;

export interface PassOn {
  (request: http.IncomingMessage, response: http.ServerResponse, body?: Buffer, beforeAnswer?: BeforeAnswer): void;
  /** Closes the kept-alive connections to the upstream, so a stopped stack leaves no handle open. */
  close(): void;
}

/**
 * Sends each request to `upstream`, its target rewritten by `path`, with its own body (or `body`
 * when the caller has read it already), and the answer back as it comes (after `beforeAnswer`
 * when the answer is a success: a failing `beforeAnswer` answers 502 instead).
 */
export function passOn(upstream: Upstream, path: (target: string) => string = (target) => target): PassOn {
  const agent = new http.Agent({ keepAlive: true });
  const where =
    'socketPath' in upstream
      ? { socketPath: upstream.socketPath }
      : { hostname: new URL(upstream.origin).hostname, port: new URL(upstream.origin).port };
  const pass = (
    request: http.IncomingMessage,
    response: http.ServerResponse,
    body?: Buffer,
    beforeAnswer?: BeforeAnswer,
  ) => {
    const forwarded = http.request(
      { ...where, agent, method: request.method, path: path(request.url ?? '/'), headers: request.headers },
      (answer) => {
        const status = answer.statusCode ?? 502;
        const answerBack = () => {
          response.writeHead(status, answer.headers);
          answer.pipe(response);
        };
        if (!beforeAnswer || status < 200 || status > 299) return answerBack();
        beforeAnswer().then(answerBack, () => {
          answer.resume();
          response.writeHead(502);
          response.end();
        });
      },
    );
    forwarded.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    if (body) forwarded.end(body);
    else request.pipe(forwarded);
  };
  return Object.assign(pass, { close: () => agent.destroy() });
}
