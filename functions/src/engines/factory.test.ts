import { BedrockEngine } from './bedrock/bedrock-engine';
import { createEngine, engineKindFor, engineVariable } from './factory';
import { ImageEditApiEngine } from './image-edit/image-edit-engine';
import { LocalEngine } from './local/local-engine';

describe('createEngine', () => {
  it('defaults to the local engine for sky and enhance, Bedrock for the generative types', () => {
    const engineFor = createEngine({});
    expect(engineFor('sky-replacement')).toBeInstanceOf(LocalEngine);
    expect(engineFor('enhance')).toBeInstanceOf(LocalEngine);
    expect(engineFor('virtual-staging')).toBeInstanceOf(BedrockEngine);
    expect(engineFor('declutter')).toBeInstanceOf(BedrockEngine);
    expect(engineFor('room-refresh')).toBeInstanceOf(BedrockEngine);
    // One instance per kind, reused across types and invocations.
    expect(engineFor('declutter')).toBe(engineFor('room-refresh'));
  });

  it('follows ENGINE_<TYPE>', () => {
    const engineFor = createEngine({
      ENGINE_VIRTUAL_STAGING: 'image-edit-api',
      ENGINE_SKY_REPLACEMENT: 'bedrock',
      IMAGE_EDIT_API_SECRET_NAME: 'vitrine/image-edit-api-key',
    });
    expect(engineFor('virtual-staging')).toBeInstanceOf(ImageEditApiEngine);
    expect(engineFor('sky-replacement')).toBeInstanceOf(BedrockEngine);
    expect(engineFor('enhance')).toBeInstanceOf(LocalEngine);
  });

  it('fails loudly on configuration that cannot work', () => {
    expect(() => createEngine({ ENGINE_DECLUTTER: 'magic' })).toThrow(/ENGINE_DECLUTTER=magic/);
    expect(() => createEngine({ ENGINE_ROOM_REFRESH: 'local' })).toThrow(/local engine only does/);
    expect(() => createEngine({ ENGINE_DECLUTTER: 'image-edit-api' })('declutter')).toThrow(
      /IMAGE_EDIT_API_SECRET_NAME/,
    );
  });

  it('names the variables after the API path segments', () => {
    expect(engineVariable('room-refresh')).toBe('ENGINE_ROOM_REFRESH');
    expect(engineKindFor('enhance', { ENGINE_ENHANCE: 'image-edit-api' })).toBe('image-edit-api');
  });
});
