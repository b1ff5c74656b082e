import { checkWebhookUrl, isPublicAddress, type Resolve } from './webhook-address';

const aws = { allowLoopbackHttp: false };
const local = { allowLoopbackHttp: true };
const resolvingTo =
  (...addresses: string[]): Resolve =>
  () =>
    Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const));

describe('webhook address checks', () => {
  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '127.0.0.1',
    '127.255.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc00::abcd',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '::127.0.0.1',
    '2001:db8::1',
    '2002:7f00:1::1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'accepts the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('accepts an https URL resolving to public addresses and pins the first one', async () => {
    const check = await checkWebhookUrl('https://hooks.agence.fr/vitrine?x=1', aws, resolvingTo('93.184.216.34'));
    expect(check).toMatchObject({
      allowed: true,
      hostname: 'hooks.agence.fr',
      pinned: { address: '93.184.216.34', family: 4 },
    });
  });

  it('refuses plain http, credentials, unparsable URLs and names that do not resolve', async () => {
    const resolve = resolvingTo('93.184.216.34');
    await expect(checkWebhookUrl('http://hooks.agence.fr/', aws, resolve)).resolves.toEqual({
      allowed: false,
      reason: 'not-https',
    });
    await expect(checkWebhookUrl('ftp://hooks.agence.fr/', aws, resolve)).resolves.toMatchObject({
      reason: 'not-https',
    });
    await expect(checkWebhookUrl('https://user:pw@hooks.agence.fr/', aws, resolve)).resolves.toMatchObject({
      reason: 'credentials-in-url',
    });
    await expect(checkWebhookUrl('not a url', aws, resolve)).resolves.toMatchObject({ reason: 'invalid-url' });
    await expect(
      checkWebhookUrl('https://nowhere.invalid/', aws, () => Promise.reject(new Error('ENOTFOUND'))),
    ).resolves.toMatchObject({ reason: 'unresolvable' });
    await expect(checkWebhookUrl('https://empty.example/', aws, resolvingTo())).resolves.toMatchObject({
      reason: 'unresolvable',
    });
  });

  it('refuses a name with any private address after resolution, and private literals', async () => {
    await expect(
      checkWebhookUrl('https://rebind.example/', aws, resolvingTo('93.184.216.34', '10.0.0.5')),
    ).resolves.toEqual({ allowed: false, reason: 'private-address' });
    await expect(checkWebhookUrl('https://169.254.169.254/latest', aws)).resolves.toMatchObject({
      reason: 'private-address',
    });
    await expect(checkWebhookUrl('https://[::1]:8443/', aws)).resolves.toMatchObject({ reason: 'private-address' });
    await expect(checkWebhookUrl('https://[::ffff:10.0.0.1]/', aws)).resolves.toMatchObject({
      reason: 'private-address',
    });
  });

  it('lets http to loopback through only under the local policy, and never to a private network', async () => {
    await expect(checkWebhookUrl('http://127.0.0.1:4010/hooks', aws)).resolves.toMatchObject({ allowed: false });
    await expect(checkWebhookUrl('http://127.0.0.1:4010/hooks', local)).resolves.toMatchObject({
      allowed: true,
      pinned: { address: '127.0.0.1', family: 4 },
    });
    await expect(
      checkWebhookUrl('http://localhost:4010/', local, resolvingTo('127.0.0.1', '::1')),
    ).resolves.toMatchObject({ allowed: true });
    await expect(checkWebhookUrl('http://10.0.0.1/', local)).resolves.toMatchObject({ reason: 'private-address' });
    await expect(
      checkWebhookUrl('http://hooks.agence.fr/', local, resolvingTo('93.184.216.34')),
    ).resolves.toMatchObject({ reason: 'not-https' });
  });
});
