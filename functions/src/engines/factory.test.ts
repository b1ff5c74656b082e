import { engineKindFor, engineVariable } from './engine-kinds';
import { createEngine } from './factory';
import { GenerativeEngine } from './generative/generative-engine';
import { LocalEngine } from './local/local-engine';

describe('createEngine', () => {
  it('defaults to the local engine for sky and enhance, the generative engine on Bedrock for the rest', () => {
    const engineFor = createEngine({});
    expect(engineFor('sky-replacement')).toBeInstanceOf(LocalEngine);
    expect(engineFor('enhance')).toBeInstanceOf(LocalEngine);
    for (const type of ['virtual-staging', 'declutter', 'room-refresh'] as const) {
      expect(engineFor(type)).toBeInstanceOf(GenerativeEngine);
      expect(engineFor(type).name).toBe('bedrock');
    }
    // One instance per kind, reused across types and invocations.
    expect(engineFor('declutter')).toBe(engineFor('room-refresh'));
  });

  it('follows ENGINE_<TYPE>: each generative type can run on either provider', () => {
    const engineFor = createEngine({
      ENGINE_VIRTUAL_STAGING: 'openai',
      ENGINE_DECLUTTER: 'openai',
      IMAGE_EDIT_API_SECRET_NAME: 'vitrine/image-edit-api-key',
    });
    expect(engineFor('virtual-staging').name).toBe('openai');
    expect(engineFor('declutter').name).toBe('openai');
    expect(engineFor('room-refresh').name).toBe('bedrock');
    expect(engineFor('enhance')).toBeInstanceOf(LocalEngine);
  });

  it('fails loudly on configuration that cannot work', () => {
    expect(() => createEngine({ ENGINE_DECLUTTER: 'magic' })).toThrow(/ENGINE_DECLUTTER=magic/);
    expect(() => createEngine({ ENGINE_ROOM_REFRESH: 'local' })).toThrow(/local engine only does/);
    expect(() => createEngine({ ENGINE_SKY_REPLACEMENT: 'bedrock' })).toThrow(/generative engine only does/);
    expect(() => createEngine({ ENGINE_DECLUTTER: 'openai' })('declutter')).toThrow(/IMAGE_EDIT_API_SECRET_NAME/);
  });

  it('names the variables after the API path segments', () => {
    expect(engineVariable('room-refresh')).toBe('ENGINE_ROOM_REFRESH');
    expect(engineKindFor('declutter', { ENGINE_DECLUTTER: 'openai' })).toBe('openai');
  });
});
