import { withFrenchTypography } from './typography';
/**
 * Landing page (spec 2.2 and the marketing claims of spec 1). Its own file: / bundles only this
 * and SITE_TEXTS, nothing else of the catalogue.
 */
export const LANDING_TEXTS = withFrenchTypography({
  meta: {
    title: 'Vitrine | Home staging virtuel et photos immobilières par IA',
    description:
      'Meublez une pièce vide, remplacez un ciel gris, désencombrez et éclaircissez vos photos immobilières en 30 secondes. Plus de 700 agents utilisent Vitrine.',
  },
  hero: {
    eyebrow: 'Pour les agents et les agences immobilières',
    title: 'Des photos immobilières qui donnent envie de visiter',
    lead: 'Home staging virtuel, remplacement du ciel, désencombrement et retouche HDR : importez une photo, obtenez le résultat en 30 secondes environ.',
    signUp: 'Créer mon compte',
    bookDemo: 'Réserver une démo',
    sliderLabel: 'Comparer le salon vide et le salon meublé par home staging virtuel',
    beforeAlt: 'Salon vide aux murs beiges avec un parquet et une fenêtre',
    afterAlt: 'Le même salon meublé : canapé bleu, tapis, table basse, plante et lampadaire',
    trust: 'Plus de 700 agents utilisent Vitrine',
  },
  stats: {
    title: 'Des annonces qui performent',
    items: [
      { value: '37 %', label: 'de temps de vente en moins' },
      { value: '9 %', label: 'de prix de vente en plus' },
      { value: '63 %', label: 'des visiteurs convertis' },
    ],
    agents: 'Plus de 700 agents immobiliers nous font confiance.',
  },
  features: {
    title: 'Tout ce qu’il faut pour sublimer un bien',
    lead: 'Une seule application pour toutes vos retouches, sans logiciel ni compétence en photo.',
    items: [
      {
        title: 'Home staging virtuel',
        text: 'Meublez une pièce vide dans le style de votre choix : scandinave, moderne, industriel…',
      },
      {
        title: 'Remplacement du ciel',
        text: 'Remplacez un ciel gris par un ciel bleu, un coucher de soleil ou une nuit étoilée.',
      },
      {
        title: 'Désencombrement',
        text: 'Retirez cartons, vêtements et objets personnels pour montrer le volume de chaque pièce.',
      },
      {
        title: 'Rénovation de pièce',
        text: 'Changez le sol et repeignez les murs en blanc pour projeter les acheteurs.',
      },
      {
        title: 'Amélioration HDR',
        text: 'Éclaircissez une pièce sombre et rééquilibrez les couleurs d’une photo sous-exposée.',
      },
      {
        title: 'Projets et galeries',
        text: 'Classez vos photos par bien, téléchargez-les en lot et partagez-les avec votre équipe.',
      },
    ],
  },
  demo: {
    title: 'Voyez la différence',
    lead: 'Faites glisser le curseur pour comparer chaque photo avant et après.',
    items: [
      {
        key: 'staging',
        title: 'Home staging virtuel',
        text: 'Une pièce vide devient un salon chaleureux.',
        beforeAlt: 'Salon vide avec parquet et fenêtre',
        afterAlt: 'Le même salon meublé avec un canapé, un tapis et des cadres',
      },
      {
        key: 'sky',
        title: 'Remplacement du ciel',
        text: 'Un ciel couvert laisse place à un ciel bleu.',
        beforeAlt: 'Façade d’une maison sous un ciel gris couvert',
        afterAlt: 'La même façade sous un ciel bleu avec quelques nuages',
      },
      {
        key: 'hdr',
        title: 'Amélioration HDR',
        text: 'Une photo sombre retrouve lumière et couleurs.',
        beforeAlt: 'Salon meublé photographié trop sombre, aux couleurs ternes',
        afterAlt: 'Le même salon éclairci, aux couleurs rééquilibrées',
      },
      {
        key: 'declutter',
        title: 'Désencombrement',
        text: 'Les cartons et vêtements disparaissent.',
        beforeAlt: 'Chambre encombrée de cartons, de vêtements et de papiers',
        afterAlt: 'La même chambre rangée, sans cartons ni vêtements',
      },
    ],
    sliderLabel: (title: string) => `Comparer avant et après : ${title}`,
  },
  video: {
    title: 'Vitrine en vidéo',
    lead: 'Seize secondes pour voir les quatre transformations, de la photo d’origine au résultat.',
    caption:
      'Vidéo sans son : home staging virtuel, remplacement du ciel, amélioration HDR puis désencombrement, chaque photo glissant de l’avant à l’après.',
    unsupported: 'Votre navigateur ne lit pas cette vidéo.',
  },
  testimonials: {
    title: 'Ils vendent avec Vitrine',
    items: [
      {
        quote:
          'Mes annonces de biens vides restaient des semaines sans visite. Avec le home staging virtuel, j’ai eu trois visites dès le premier week-end.',
        name: 'Sophie L.',
        role: 'Mandataire indépendante, Lyon',
      },
      {
        quote:
          'Le remplacement du ciel a changé nos photos d’hiver. Toute l’équipe l’utilise, et le suivi des crédits est très simple.',
        name: 'Karim B.',
        role: 'Directeur d’agence, Nantes',
      },
      {
        quote:
          'Je n’ai plus besoin de reporter une séance photo quand le propriétaire n’a pas rangé : le désencombrement s’en charge.',
        name: 'Élodie M.',
        role: 'Agente immobilière, Bordeaux',
      },
    ],
  },
  faq: {
    title: 'Questions fréquentes',
    items: [
      {
        id: 'what',
        question: 'Qu’est-ce que Vitrine ?',
        answer:
          'Vitrine est une application en ligne qui transforme vos photos immobilières par intelligence artificielle : home staging virtuel, remplacement du ciel, désencombrement et rénovation de pièce.',
      },
      {
        id: 'time',
        question: 'Combien de temps faut-il pour obtenir un résultat ?',
        answer:
          'Environ 30 secondes par photo. Vous pouvez transformer plusieurs photos à la suite et les enregistrer dans un projet.',
      },
      {
        id: 'formats',
        question: 'Quelles photos puis-je importer ?',
        answer:
          'Les formats JPG, PNG et WEBP, jusqu’à 10 Mo par photo. Une photo nette, prise à hauteur d’homme, donne les meilleurs résultats.',
      },
      {
        id: 'credits',
        question: 'Comment fonctionnent les crédits ?',
        answer:
          'Un crédit correspond à une transformation d’image réussie. Une transformation qui échoue ne consomme aucun crédit. Vos crédits sont renouvelés chaque mois avec votre abonnement.',
      },
      {
        id: 'usage',
        question: 'Puis-je utiliser les photos dans mes annonces ?',
        answer:
          'Oui, l’utilisation commerciale est incluse dans tous les abonnements. Nous vous recommandons d’indiquer dans l’annonce que la photo a été retouchée ou meublée virtuellement.',
      },
      {
        id: 'refund',
        question: 'Puis-je être remboursé ?',
        answer:
          'Nous ne proposons pas de remboursement. L’abonnement est sans engagement : vous pouvez le résilier à tout moment depuis votre espace client, et il reste actif jusqu’à la fin de la période payée.',
      },
      {
        id: 'privacy',
        question: 'Mes photos sont-elles protégées ?',
        answer:
          'Vos photos sont hébergées en France, dans la région de Paris. Le remplacement du ciel et l’amélioration HDR sont calculés à Paris ; le home staging, le désencombrement et la rénovation sont calculés par un modèle d’IA générative aux États-Unis (Amazon Bedrock ou OpenAI), qui ne conserve pas vos photos. Elles ne servent qu’à produire vos transformations et ne sont jamais revendues ni utilisées pour entraîner un modèle.',
      },
    ],
  },
  cta: {
    title: 'Prêt à transformer vos annonces ?',
    lead: 'Choisissez votre abonnement et transformez vos premières photos dès aujourd’hui.',
    pricing: 'Voir les tarifs',
  },
} as const);

export type DemoKey = (typeof LANDING_TEXTS.demo.items)[number]['key'];
