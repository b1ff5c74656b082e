import { SITE_TEXTS } from './public-site';
import { withFrenchTypography } from './typography';

/**
 * Identity of the publisher shown by the legal pages. Replace with the company's registered
 * details (address, registration, VAT number) once they exist; every page reads them from here.
 */
const PUBLISHER = {
  name: 'Vitrine SAS',
  form: 'société par actions simplifiée en cours d’immatriculation',
  address: 'Paris, France',
  director: 'le président de Vitrine SAS',
  email: SITE_TEXTS.contactEmail,
} as const;

const HOST =
  'Amazon Web Services EMEA SARL, 38 avenue John F. Kennedy, L-1855 Luxembourg. Les données sont hébergées dans l’Union européenne, dans la région AWS Europe (Paris). Les photos à transformer par IA générative (home staging, désencombrement, rénovation) sont traitées aux États-Unis : voir « Destinataires et sous-traitants » dans la politique de confidentialité.';
const CNIL =
  'Commission nationale de l’informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, www.cnil.fr';

export interface LegalDocument {
  title: string;
  description: string;
  updated: string;
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
}

const LEGAL_UPDATED = '22 novembre 2026';

const notice: LegalDocument = {
  title: 'Mentions légales',
  description: 'Mentions légales du site Vitrine : éditeur, directeur de la publication, hébergeur et contact.',
  updated: LEGAL_UPDATED,
  sections: [
    {
      heading: 'Éditeur',
      paragraphs: [
        `Le site et l’application Vitrine sont édités par ${PUBLISHER.name}, ${PUBLISHER.form}, ${PUBLISHER.address}.`,
        `Contact : ${PUBLISHER.email}.`,
        `Directeur de la publication : ${PUBLISHER.director}.`,
      ],
    },
    { heading: 'Hébergement', paragraphs: [`Le site est hébergé par ${HOST}`] },
    {
      heading: 'Propriété intellectuelle',
      paragraphs: [
        'Les textes, illustrations, logos et logiciels du site sont la propriété de Vitrine. Toute reproduction sans autorisation écrite est interdite.',
        'Les photos que vous importez restent votre propriété, ainsi que les images produites à partir de celles-ci.',
      ],
    },
    {
      heading: 'Données personnelles',
      paragraphs: [
        'Le traitement de vos données personnelles est décrit dans notre politique de confidentialité. Vous pouvez exercer vos droits en nous écrivant ou saisir la CNIL.',
      ],
    },
  ],
};

const privacy: LegalDocument = {
  title: 'Politique de confidentialité',
  description:
    'Comment Vitrine traite vos données personnelles : données collectées, finalités, durées de conservation, sous-traitants et droits RGPD.',
  updated: LEGAL_UPDATED,
  sections: [
    {
      heading: 'Responsable du traitement',
      paragraphs: [
        `${PUBLISHER.name}, ${PUBLISHER.address}. Contact pour toute question sur vos données : ${PUBLISHER.email}.`,
      ],
    },
    {
      heading: 'Données collectées',
      paragraphs: [
        'Compte : nom, prénom, adresse e-mail, numéro de téléphone et mot de passe (stocké sous forme chiffrée par notre service d’authentification).',
        'Contenus : les photos que vous importez, les images produites, vos projets et leurs informations (nom, adresse, surface, type de bien).',
        'Facturation : votre abonnement et vos crédits. Les données de carte bancaire sont saisies chez notre prestataire de paiement Stripe et ne nous sont jamais transmises.',
      ],
    },
    {
      heading: 'Finalités et bases légales',
      paragraphs: [
        'Fournir le service, gérer votre compte, votre organisation et votre abonnement : exécution du contrat.',
        'Sécuriser le service et prévenir la fraude : intérêt légitime. Tenir la comptabilité : obligation légale.',
        'Vos photos ne servent qu’à produire vos transformations ; elles ne sont ni revendues ni utilisées pour entraîner un modèle.',
      ],
    },
    {
      heading: 'Destinataires et sous-traitants',
      paragraphs: [
        `Hébergement : ${HOST}`,
        'Paiement : Stripe Payments Europe Ltd. Traitement des images par IA générative (home staging, désencombrement, rénovation) : Amazon Bedrock (modèles Stability AI Image Services), opéré par Amazon Web Services dans ses régions des États-Unis (Oregon, Virginie du Nord, Ohio), ou OpenAI (API Images, États-Unis), selon le service choisi pour chaque transformation ; appelés pour votre compte, sans conservation de vos photos au-delà du traitement ni utilisation pour entraîner un modèle. Ces transferts hors de l’Union européenne sont encadrés par les clauses contractuelles types de la Commission européenne intégrées aux contrats de ces prestataires. Le remplacement du ciel et l’amélioration HDR sont calculés dans la région AWS Europe (Paris).',
      ],
    },
    {
      heading: 'Durées de conservation',
      paragraphs: [
        'Les données du compte et vos images sont conservées tant que votre compte est actif, puis supprimées dans un délai de 30 jours après sa suppression. Les factures sont conservées 10 ans (obligation légale).',
        'Les photos importées mais jamais transformées sont supprimées automatiquement après 24 heures.',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: [
        'Vitrine n’utilise ni cookie publicitaire ni outil de mesure d’audience. Seules les données techniques nécessaires à votre connexion sont conservées dans votre navigateur.',
      ],
    },
    {
      heading: 'Vos droits',
      paragraphs: [
        'Conformément au Règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés, vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, d’opposition et de portabilité de vos données, ainsi que du droit de définir des directives sur leur sort après votre décès.',
        `Pour les exercer, écrivez-nous à ${PUBLISHER.email}. Nous répondons dans un délai d’un mois.`,
        `Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la ${CNIL}.`,
      ],
    },
  ],
};

const terms: LegalDocument = {
  title: 'Conditions générales d’utilisation et de vente',
  description:
    'Conditions d’utilisation du service Vitrine et conditions de vente des abonnements : crédits, résiliation, responsabilité.',
  updated: LEGAL_UPDATED,
  sections: [
    {
      heading: 'Objet',
      paragraphs: [
        `Les présentes conditions régissent l’utilisation du service Vitrine, édité par ${PUBLISHER.name}, qui permet aux professionnels de l’immobilier de transformer leurs photos par intelligence artificielle.`,
      ],
    },
    {
      heading: 'Compte',
      paragraphs: [
        'Vous êtes responsable de la confidentialité de vos identifiants et de l’usage de votre compte. Les comptes d’une organisation sont gérés par son propriétaire et ses administrateurs.',
      ],
    },
    {
      heading: 'Abonnements et crédits',
      paragraphs: [
        'Les abonnements sont mensuels. Chaque abonnement donne droit à un nombre de crédits renouvelé chaque mois ; un crédit correspond à une transformation d’image réussie. Les prix sont indiqués en euros.',
        'Vous pouvez changer d’offre à tout moment ; la différence est facturée au prorata de la période restante.',
      ],
    },
    {
      heading: 'Résiliation et remboursement',
      paragraphs: [
        'L’abonnement est sans engagement et se résilie à tout moment depuis votre espace client. Il reste actif jusqu’à la fin de la période payée. Aucun remboursement n’est effectué, y compris pour une période entamée.',
      ],
    },
    {
      heading: 'Contenus',
      paragraphs: [
        'Vous garantissez disposer des droits sur les photos importées. Vous conservez la propriété des photos et des images produites, et vous êtes responsable de leur utilisation dans vos annonces, notamment de la mention d’une image retouchée ou meublée virtuellement.',
      ],
    },
    {
      heading: 'Responsabilité',
      paragraphs: [
        'Vitrine met en œuvre les moyens nécessaires au bon fonctionnement du service, sans garantir l’absence d’interruption. Les images produites par intelligence artificielle peuvent comporter des imperfections : vérifiez-les avant publication.',
      ],
    },
    {
      heading: 'Droit applicable',
      paragraphs: [
        'Les présentes conditions sont soumises au droit français. À défaut d’accord amiable, tout litige relève des tribunaux compétents de Paris.',
      ],
    },
  ],
};

/** Legal pages (spec 2.4): legal notice, privacy policy, terms of use and sale. */
export const LEGAL_TEXTS = withFrenchTypography({
  updated: (date: string) => `Dernière mise à jour : ${date}`,
  notice,
  privacy,
  terms,
} as const);
