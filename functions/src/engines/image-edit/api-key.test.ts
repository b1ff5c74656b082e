import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secretsManagerApiKey } from './api-key';

/** A Secrets Manager client double: records the requests, answers from a queue. */
function secretsClient(answers: (() => Promise<{ SecretString?: string }>)[]) {
  const requests: unknown[] = [];
  return {
    requests,
    send: (command: GetSecretValueCommand) => {
      requests.push(command.input);
      return answers.shift()!();
    },
  };
}

describe('secretsManagerApiKey', () => {
  it('reads the secret once per container, as a raw key', async () => {
    const client = secretsClient([async () => ({ SecretString: ' sk-live-1 \n' })]);
    const apiKey = secretsManagerApiKey(client as never, 'vitrine/image-edit');
    expect(await Promise.all([apiKey(), apiKey()])).toEqual(['sk-live-1', 'sk-live-1']);
    expect(await apiKey()).toBe('sk-live-1');
    expect(client.requests).toEqual([{ SecretId: 'vitrine/image-edit' }]);
  });

  it('reads JSON {"apiKey"} secrets and retries after a failed read', async () => {
    const client = secretsClient([
      () => Promise.reject(new Error('ThrottlingException')),
      async () => ({ SecretString: '{"apiKey":"sk-json"}' }),
    ]);
    const apiKey = secretsManagerApiKey(client as never, 'vitrine/image-edit');
    await expect(apiKey()).rejects.toThrow('ThrottlingException');
    await expect(apiKey()).resolves.toBe('sk-json');
    expect(client.requests).toHaveLength(2);
  });

  it('refuses a secret without a key', async () => {
    const apiKey = secretsManagerApiKey(secretsClient([async () => ({ SecretString: '{"other":1}' })]) as never, 's');
    await expect(apiKey()).rejects.toThrow(/no apiKey/);
  });
});
