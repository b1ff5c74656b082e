import { STAGES, stageConfig } from '../config/stages';

describe('stage configuration', () => {
  it('rejects an unknown stage with the valid names', () => {
    expect(() => stageConfig('staging')).toThrow(/dev\|prod/);
  });

  it('retains data outside dev', () => {
    expect(stageConfig('dev').retainData).toBe(false);
    expect(stageConfig('prod').retainData).toBe(true);
  });

  it('names secrets per stage and never holds their values', () => {
    for (const config of Object.values(STAGES)) {
      for (const name of Object.values(config.secretNames))
        expect(name).toMatch(new RegExp(`^vitrine/${config.stage}/`));
    }
  });
});
