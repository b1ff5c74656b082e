/**
 * Passes a request on to another local server, so that the browser needs the app's port only
 * (decision 109): a container, VM or SSH tunnel forwards that one port.
 */
import * as http from 'node:http';

/** Sends `request` to `origin` with its path rewritten by `path`, and the answer back as it comes. */
export function passOn(origin: string, path: (target: string) => string): http.RequestListener {
  const agent = new http.Agent({ keepAlive: true });
  const { hostname, port } = new URL(origin);
  return (request, response) => {
    const upstream = http.request(
      { hostname, port, agent, method: request.method, path: path(request.url ?? '/'), headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  };
}
