/**
 * The daily model canary (decision 088) against the image simulator, which checks requests
 * against its own copy of the providers' documented limits: one tiny edit per configured model,
 * accepted at Stability AI's smallest canvas, and a failure reported per model with a metric.
 */
import { bedrockInvokeModel } from '../bedrock/invoke-model';
import { StabilityBedrockProvider, stabilityModels } from '../bedrock/stability-provider';
import { STABILITY_MODEL_IDS } from '../bedrock/stability-request';
import { DEFAULT_OPENAI_IMAGE_MODEL } from '../image-edit/openai-config';
import { OpenAiImagesProvider } from '../image-edit/openai-provider';
import { SIMULATOR_API_KEY, startImageSimulator, type ImageSimulator } from '../simulator/image-simulator';
import { captureLogs } from '../../lib/logger';
import type { EngineEnv } from '../engine-kinds';
import { canaryTargets, runModelCanary } from './model-canary';

jest.setTimeout(30_000);

let simulator: ImageSimulator;
beforeAll(async () => {
  simulator = await startImageSimulator({ port: 0 });
});
afterAll(() => simulator.close());

/** The providers as the factory builds them, pointed at the simulator. */
const providers = {
  bedrock: (env: EngineEnv) =>
    new StabilityBedrockProvider({
      invokeModel: bedrockInvokeModel({
        region: 'us-west-2',
        endpoint: simulator.url,
        credentials: async () => ({ accessKeyId: 'local', secretAccessKey: 'local' }),
      }),
      models: stabilityModels(env),
    }),
  openai: () => new OpenAiImagesProvider({ baseUrl: simulator.url, apiKey: async () => SIMULATOR_API_KEY }),
};

describe('model canary', () => {
  it('calls each configured model once, whatever number of types it serves', () => {
    const models = (env: EngineEnv) =>
      canaryTargets(env, providers).map(({ provider, type }) => `${provider.provider} ${provider.model(type)} ${type}`);
    // Staging and refresh share the inpaint model; declutter erases.
    expect(models({})).toEqual([
      `bedrock ${STABILITY_MODEL_IDS.inpaint} virtual-staging`,
      `bedrock ${STABILITY_MODEL_IDS['erase-object']} declutter`,
    ]);
    expect(models({ ENGINE_VIRTUAL_STAGING: 'openai', ENGINE_ROOM_REFRESH: 'openai' })).toEqual([
      `openai ${DEFAULT_OPENAI_IMAGE_MODEL} virtual-staging`,
      `bedrock ${STABILITY_MODEL_IDS['erase-object']} declutter`,
    ]);
  });

  it('makes one tiny edit per model and reports each, failures as failures', async () => {
    const targets = canaryTargets({ ENGINE_ROOM_REFRESH: 'openai' }, providers);
    const before = simulator.log.length;
    const logs = captureLogs();
    const outcomes = await runModelCanary(targets);
    logs.restore();

    expect(outcomes.map(({ provider, model, ok }) => ({ provider, model, ok }))).toEqual([
      { provider: 'bedrock', model: STABILITY_MODEL_IDS.inpaint, ok: true },
      { provider: 'bedrock', model: STABILITY_MODEL_IDS['erase-object'], ok: true },
      { provider: 'openai', model: DEFAULT_OPENAI_IMAGE_MODEL, ok: true },
    ]);
    // Accepted by the simulator's documented limits: a 64 x 64 canvas is Stability's smallest.
    expect(simulator.log.slice(before).map(({ status }) => status)).toEqual([200, 200, 200]);
    // The calls run at once: their metrics are written in the order the answers come.
    const byModel = (line: Record<string, unknown>) => `${String(line.engine)} ${String(line.model)}`;
    const metrics = logs.lines.filter((line) => 'ModelCanaryFailures' in line);
    expect(metrics.sort((a, b) => byModel(a).localeCompare(byModel(b)))).toMatchObject([
      { ModelCanaryFailures: 0, engine: 'bedrock', model: STABILITY_MODEL_IDS['erase-object'] },
      { ModelCanaryFailures: 0, engine: 'bedrock', model: STABILITY_MODEL_IDS.inpaint },
      { ModelCanaryFailures: 0, engine: 'openai', model: DEFAULT_OPENAI_IMAGE_MODEL },
    ]);

    // A model whose access was withdrawn: our side, reported as a failure of that model only.
    simulator.failNext('exhausted');
    const failing = captureLogs();
    const [denied] = await runModelCanary(targets.slice(0, 1));
    failing.restore();
    expect(denied).toMatchObject({
      provider: 'bedrock',
      ok: false,
      error: expect.stringMatching(/^EngineConfigurationError: Bedrock 403 AccessDeniedException/),
    });
    expect(failing.lines).toContainEqual(expect.objectContaining({ ModelCanaryFailures: 1, engine: 'bedrock' }));
    expect(failing.lines).toContainEqual(expect.objectContaining({ level: 'ERROR', message: 'Model canary failed' }));
  });
});
