import { frenchTypography, withFrenchTypography } from './typography';
import { LANDING_TEXTS, SITE_TEXTS, WIZARD_TEXTS } from './index';

const NBSP = '\u00A0';

describe('frenchTypography', () => {
  it('binds ; : ! ? and » to the word before, and « to the word after', () => {
    expect(frenchTypography('Prêt ? Oui ! Note : a ; b « cité »')).toBe(
      `Prêt${NBSP}? Oui${NBSP}! Note${NBSP}: a${NBSP}; b «${NBSP}cité${NBSP}»`,
    );
  });

  it('leaves what has no space before the mark alone (URLs, times, English)', () => {
    expect(frenchTypography('https://vitrine-immo.fr à 10:30, why?')).toBe('https://vitrine-immo.fr à 10:30, why?');
  });

  it('typesets nested objects, arrays and the sentences of text builders', () => {
    const texts = withFrenchTypography({ a: 'Oui ?', list: ['« x »'], build: (name: string) => `${name} : ok` });
    expect(texts.a).toBe(`Oui${NBSP}?`);
    expect(texts.list).toEqual([`«${NBSP}x${NBSP}»`]);
    expect(texts.build('Lyon')).toBe(`Lyon${NBSP}: ok`);
  });
});

describe('the catalogue', () => {
  it('is typeset when it is built', () => {
    expect(WIZARD_TEXTS.creditsInterrupted).toBe(`Traitement interrompu${NBSP}: crédits insuffisants.`);
    expect(WIZARD_TEXTS.refusedFile('a.png', 'trop lourd')).toBe(`a.png${NBSP}: trop lourd`);
    const everyText = JSON.stringify([LANDING_TEXTS, SITE_TEXTS]);
    expect(everyText).not.toMatch(/ [;:!?»]|« /);
  });

  it('uses the typographic apostrophe in the legal links', () => {
    expect(SITE_TEXTS.footer.terms).toBe('Conditions générales d’utilisation et de vente');
  });
});
