/**
 * The local stand-in for SES v2's SendEmail (`POST /v2/email/outbound-emails`, REST-JSON), on its
 * own port: the team Lambda sends invitations with the same signed request as in AWS
 * (functions/src/lib/aws/ses.ts), pointed here by AWS_ENDPOINT_URL_SESV2, and each mail lands in
 * the outbox (/_local/outbox). It checks the request's shape as SES documents it and answers SES's
 * error shape (`x-amzn-errortype`); it does not check signatures or verified identities.
 */
import * as http from 'node:http';
import type { Outbox } from './outbox';
import { closeServer, listen } from './ports';

interface SendEmailRequest {
  FromEmailAddress?: unknown;
  Destination?: { ToAddresses?: unknown };
  Content?: {
    Simple?: { Subject?: { Data?: unknown }; Body?: { Html?: { Data?: unknown }; Text?: { Data?: unknown } } };
  };
}

function fail(response: http.ServerResponse, status: number, type: string, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
  response.end(JSON.stringify({ message }));
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export interface LocalSes {
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

export async function startSes(options: { port: number; outbox: Outbox }): Promise<LocalSes> {
  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => fail(response, 500, 'InternalFailure', String(error)));
  });

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    if (request.method !== 'POST' || request.url !== '/v2/email/outbound-emails') {
      fail(response, 404, 'NotFoundException', `${request.method} ${request.url} is not served by the local SES`);
      return;
    }
    if (
      !/^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/[^/]+\/ses\/aws4_request/.test(request.headers.authorization ?? '')
    ) {
      fail(response, 403, 'AccessDeniedException', 'Missing or malformed SigV4 authorization for service ses');
      return;
    }
    let body: SendEmailRequest;
    try {
      body = JSON.parse(await readBody(request)) as SendEmailRequest;
    } catch {
      fail(response, 400, 'BadRequestException', 'Body is not JSON');
      return;
    }
    const to = body.Destination?.ToAddresses;
    const simple = body.Content?.Simple;
    const subject = simple?.Subject?.Data;
    const html = simple?.Body?.Html?.Data ?? simple?.Body?.Text?.Data;
    if (typeof body.FromEmailAddress !== 'string' || !body.FromEmailAddress) {
      fail(response, 400, 'BadRequestException', 'FromEmailAddress is required (no default identity locally)');
      return;
    }
    if (!Array.isArray(to) || to.length === 0 || !to.every((address) => typeof address === 'string')) {
      fail(response, 400, 'BadRequestException', 'Destination.ToAddresses must list at least one address');
      return;
    }
    if (typeof subject !== 'string' || typeof html !== 'string') {
      fail(response, 400, 'BadRequestException', 'Content.Simple needs Subject.Data and Body.Html or Body.Text');
      return;
    }
    const mails = await Promise.all(
      (to as string[]).map((address) => options.outbox.send({ to: address, subject, html })),
    );
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ MessageId: mails[0]!.id }));
  }

  const port = await listen(server, options.port);
  return { endpoint: `http://127.0.0.1:${port}`, port, close: () => closeServer(server) };
}
