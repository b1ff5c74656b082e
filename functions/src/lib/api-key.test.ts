import { secretsManagerApiKey } from './api-key';

/** A GetSecretValue double: records the secret ids asked for, answers from a queue. */
function secretsClient(answers: (() => Promise<string | undefined>)[]) {
  const requests: string[] = [];
  const read = (secretId: string) => {
    requests.push(secretId);
    return answers.shift()!();
  };
  return Object.assign(read, { requests });
}

describe('secretsManagerApiKey', () => {
  it('reads the secret once per container, as a raw key', async () => {
    const client = secretsClient([async () => ' sk-live-1 \n']);
    const apiKey = secretsManagerApiKey(client, 'vitrine/image-edit');
    expect(await Promise.all([apiKey(), apiKey()])).toEqual(['sk-live-1', 'sk-live-1']);
    expect(await apiKey()).toBe('sk-live-1');
    expect(client.requests).toEqual(['vitrine/image-edit']);
  });

  it('reads JSON {"apiKey"} secrets and retries after a failed read', async () => {
    const client = secretsClient([
      () => Promise.reject(new Error('ThrottlingException')),
      async () => '{"apiKey":"sk-json"}',
    ]);
    const apiKey = secretsManagerApiKey(client, 'vitrine/image-edit');
    await expect(apiKey()).rejects.toThrow('ThrottlingException');
    await expect(apiKey()).resolves.toBe('sk-json');
    expect(client.requests).toHaveLength(2);
  });

  it('refuses a secret without a key', async () => {
    const apiKey = secretsManagerApiKey(secretsClient([async () => '{"other":1}']), 's');
    await expect(apiKey()).rejects.toThrow(/no apiKey/);
  });
});
