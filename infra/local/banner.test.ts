import { readyBanner } from './banner';

describe('npm start banner', () => {
  it('prints the app address, the demo account and the local outbox address', () => {
    expect(readyBanner('http://localhost:3000', { email: 'demo@example.com', password: 'Demo1234!' })).toEqual([
      'Vitrine prête sur http://localhost:3000 · compte démo : demo@example.com / Demo1234!',
      'E-mails envoyés (boîte locale) : http://localhost:3000/_local/outbox',
    ]);
  });
});
