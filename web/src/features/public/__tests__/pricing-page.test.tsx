import { formatPrice, PLANS } from '@vitrine/shared';
import { screen, within } from '@testing-library/react';
import { PricingPage } from '../pages/pricing-page';
import { renderPage } from '../testing/render-page';

describe('PricingPage', () => {
  it('shows each shared plan with its fr-FR price, credits and a sign-up link', () => {
    renderPage(<PricingPage />, '/pricing');
    expect(formatPrice(2900)).toMatch(/^29,00\s€$/);
    for (const plan of PLANS) {
      const card = screen.getByRole('article', { name: plan.name });
      expect(within(card).getByTestId(`price-${plan.id}`).textContent).toBe(formatPrice(plan.amount));
      expect(within(card).getByText(`${plan.credits} crédits par mois`)).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: `Choisir l’offre ${plan.name}` })).toHaveAttribute(
        'href',
        '/register',
      );
      for (const feature of plan.excludedFeatures) expect(within(card).getByText(feature)).toBeInTheDocument();
      // Spec 3: every plan has these, so every card lists them.
      for (const feature of ['Images haute résolution', 'Utilisation commerciale', 'Dernier modèle d’IA'])
        expect(within(card).getByText(feature)).toBeInTheDocument();
    }
    expect(within(screen.getByRole('article', { name: 'Agence' })).getByText('Recommandé')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Mandataire' })).queryByText('Recommandé'),
    ).not.toBeInTheDocument();
  });

  it('has the four pricing questions', () => {
    renderPage(<PricingPage />, '/pricing');
    for (const question of [
      'Qu’est-ce qu’un crédit\u00A0?',
      'Que se passe-t-il si je n’ai plus de crédits\u00A0?',
      'Puis-je changer d’offre\u00A0?',
      'Suis-je engagé sur une durée\u00A0?',
    ])
      expect(screen.getByRole('heading', { level: 3, name: question }).closest('summary')).toBeInTheDocument();
  });
});
