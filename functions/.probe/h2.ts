import { BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import { startImageSimulator } from '../src/engines/simulator/image-simulator';
(async () => {
  const sim = await startImageSimulator({});
  const c = new BedrockRuntimeClient({ region: 'us-east-1', endpoint: sim.url, credentials: { accessKeyId: 'a', secretAccessKey: 'b' }, maxAttempts: 1 });
  try {
    const r = await c.send(new InvokeModelCommand({ modelId: 'x', contentType: 'application/json', body: '{}' }));
    console.log(r);
  } catch (e) { console.log('ERR', (e as Error).name, (e as Error).message); }
  console.log(sim.log);
  c.destroy(); await sim.close();
})();
