import { withFrenchTypography } from './typography';
/** Pricing page (spec 2.3). The plans' own names and features are PLAN_TEXTS. */
export const PRICING_TEXTS = withFrenchTypography({
  meta: {
    title: 'Tarifs | Vitrine',
    description:
      'Deux abonnements mensuels sans engagement : Mandataire à 29 € par mois pour 30 crédits, Agence à 89 € par mois pour 100 crédits et 5 utilisateurs.',
  },
  title: 'Des tarifs simples, sans engagement',
  lead: 'Un crédit correspond à une transformation réussie. Changez d’offre ou résiliez quand vous le souhaitez.',
  choose: (name: string) => `Choisir l’offre ${name}`,
  faqTitle: 'Questions sur les tarifs',
  faq: [
    {
      id: 'credit',
      question: 'Qu’est-ce qu’un crédit ?',
      answer:
        'Un crédit correspond à une transformation d’image réussie : home staging, ciel, désencombrement ou rénovation. Une transformation qui échoue ne consomme pas de crédit.',
    },
    {
      id: 'out-of-credits',
      question: 'Que se passe-t-il si je n’ai plus de crédits ?',
      answer:
        'Vous pouvez attendre le renouvellement mensuel de vos crédits, ou passer à l’offre supérieure pour en obtenir davantage tout de suite.',
    },
    {
      id: 'upgrade',
      question: 'Puis-je changer d’offre ?',
      answer:
        'Oui, à tout moment depuis votre espace client. Le changement est immédiat et facturé au prorata de la période restante.',
    },
    {
      id: 'commitment',
      question: 'Suis-je engagé sur une durée ?',
      answer:
        'Non, les abonnements sont sans engagement. Vous les résiliez à tout moment depuis votre espace client ; les mois entamés ne sont pas remboursés.',
    },
  ],
} as const);
