// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- brings the emulator typings along when another project (test) compiles this file
/// <reference path="./vendor.d.ts" />
/** S3 on s3rver, persisted on disk, with both buckets and a CORS rule for the browser's uploads. */
import S3rver from 's3rver';
import { closeServer } from './ports';

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** s3rver accepts only its own key pair; the local stack gives it to every SDK client. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export async function startS3(directory: string, port: number, buckets: string[]) {
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [CORS] })),
  });
  const address = await server.run();
  return {
    server,
    endpoint: `http://127.0.0.1:${address.port}`,
    port: address.port,
    close: () => closeServer(server.httpServer),
  };
}
