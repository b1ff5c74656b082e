import { SIMULATOR_API_KEY, startImageSimulator, type ImageSimulator } from '../engines/simulator/image-simulator';
import {
  bedrockGetFoundationModel,
  checkBedrockModel,
  checkOpenAiModel,
  modelLifecycleChecks,
} from './model-lifecycle';

let simulator: ImageSimulator;
beforeAll(async () => {
  simulator = await startImageSimulator({ port: 0 });
});
afterAll(async () => {
  await simulator.close();
});

const credentials = async () => ({ accessKeyId: 'local', secretAccessKey: 'local' });
const apiKey = async () => SIMULATOR_API_KEY;

describe('model lifecycle checks (decision 60)', () => {
  it('reads a Bedrock model through GetFoundationModel, an inference profile as its foundation model', async () => {
    const get = bedrockGetFoundationModel({ region: 'us-west-2', endpoint: simulator.url, credentials });
    await expect(checkBedrockModel(get, 'us.stability.stable-image-inpaint-v1:0')).resolves.toBe('ACTIVE');
    expect(simulator.log.at(-1)).toEqual({
      path: `/foundation-models/${encodeURIComponent('stability.stable-image-inpaint-v1:0')}`,
      status: 200,
    });
  });

  it('fails on a Legacy Bedrock model and on one that reached its end of life', async () => {
    const get = bedrockGetFoundationModel({ region: 'us-west-2', endpoint: simulator.url, credentials });
    simulator.setLifecycle('stability.stable-image-erase-object-v1:0', 'LEGACY');
    await expect(checkBedrockModel(get, 'us.stability.stable-image-erase-object-v1:0')).rejects.toThrow(/is LEGACY/);
    await expect(checkBedrockModel(get, 'amazon.nova-canvas-v1:0')).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
  });

  it('fails on an OpenAI model with a shutdown date, or one that is gone', async () => {
    const options = { baseUrl: simulator.url };
    await expect(checkOpenAiModel('gpt-image-2.6-sunburst', apiKey, options)).resolves.toBe('active');
    simulator.setLifecycle('gpt-image-1.5', { shutdownDate: '2026-12-01' });
    await expect(checkOpenAiModel('gpt-image-1.5', apiKey, options)).rejects.toThrow(/shuts down on 2026-12-01/);
    await expect(checkOpenAiModel('gpt-image-1', apiKey, options)).rejects.toThrow(/404 model_not_found/);
  });

  it('checks every configured model, only where the stage asks for it', () => {
    expect(modelLifecycleChecks({})).toEqual({});
    const checks = modelLifecycleChecks({
      MODEL_LIFECYCLE_CHECK: 'true',
      ENGINE_DECLUTTER: 'openai',
      IMAGE_EDIT_API_KEY: 'k',
      AWS_REGION: 'eu-west-3',
    });
    expect(Object.keys(checks).sort()).toEqual([
      'model:bedrock:us.stability.stable-image-erase-object-v1:0',
      'model:bedrock:us.stability.stable-image-inpaint-v1:0',
      'model:openai:gpt-image-2.6-sunburst',
    ]);
  });
});
