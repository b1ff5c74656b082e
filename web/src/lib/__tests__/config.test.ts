import { ConfigError, parseRuntimeConfig } from '../config';

const valid = {
  apiBase: '/api',
  region: 'eu-west-3',
  userPoolId: 'local_abc',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://localhost:3000/cognito',
  authFlow: 'USER_PASSWORD_AUTH',
  mode: 'local',
  demoBookingUrl: 'https://exemple.fr/demo',
};

describe('parseRuntimeConfig', () => {
  it('accepts a complete configuration', () => {
    expect(parseRuntimeConfig(valid)).toEqual(valid);
  });

  it('fails fast naming the faulty fields', () => {
    const { userPoolId: _omitted, ...missing } = valid;
    expect(() => parseRuntimeConfig({ ...missing, authFlow: 'SRP' })).toThrow(
      new ConfigError('Invalid /config.json: userPoolId, authFlow'),
    );
    expect(() => parseRuntimeConfig(null)).toThrow(ConfigError);
  });
});
