import { personalSpaceName } from '../personal-space-name';

describe('personalSpaceName (spec 4)', () => {
  it('uses the first name, else the e-mail prefix, else the fallback', () => {
    expect(personalSpaceName({ firstName: 'Camille', email: 'c@x.fr' })).toBe("Camille's Space");
    expect(personalSpaceName({ firstName: '  ', email: 'jean.dupont@x.fr' })).toBe("jean.dupont's Space");
    expect(personalSpaceName({ firstName: '', email: '' })).toBe('Mon Espace Personnel');
  });
});
