/** Business constants of the spec (sections 3, 6 and 9). */

export const STYLES = [
  { value: 'Modern', label: 'Moderne' },
  { value: 'Contemporary', label: 'Contemporain' },
  { value: 'Minimalist', label: 'Minimaliste' },
  { value: 'Industrial', label: 'Industriel' },
  { value: 'Scandinavian', label: 'Scandinave' },
  { value: 'Traditional', label: 'Traditionnel' },
  { value: 'Transitional', label: 'Transitionnel' },
  { value: 'Bohemian', label: 'Bohème' },
  { value: 'Coastal', label: 'Bord de mer' },
  { value: 'Farmhouse', label: 'Campagne' },
  { value: 'Mid-Century Modern', label: 'Mid-Century' },
  { value: 'Japandi', label: 'Japandi' },
] as const;
export type Style = (typeof STYLES)[number]['value'];
export const DEFAULT_STYLE: Style = 'Scandinavian';

export const ROOM_TYPES = [
  { value: 'Living Room', label: 'Salon' },
  { value: 'Living Space', label: 'Salon/espace de vie' },
  { value: 'Bedroom', label: 'Chambre' },
  { value: 'Dining Room', label: 'Salle à manger' },
  { value: 'Kitchen', label: 'Cuisine' },
  { value: 'Bathroom', label: 'Salle de bain' },
  { value: 'Office', label: 'Bureau' },
  { value: 'Kids Room', label: "Chambre d'enfant" },
  { value: 'Outdoor Patio', label: 'Balcon ou terrasse' },
] as const;
export type RoomType = (typeof ROOM_TYPES)[number]['value'];
export const DEFAULT_ROOM_TYPE: RoomType = 'Living Room';

export const SKY_TYPES = [
  { value: 'blue', label: 'Ciel bleu' },
  { value: 'sunset', label: 'Coucher de soleil' },
  { value: 'cloudy', label: 'Enneigé' },
  { value: 'dramatic', label: 'Dramatique' },
  { value: 'night', label: 'Nuit étoilée' },
] as const;
export type SkyType = (typeof SKY_TYPES)[number]['value'];
export const DEFAULT_SKY_TYPE: SkyType = 'blue';

/** API path segment of each transformation type (spec section 7). */
export const TRANSFORMATION_TYPES = [
  { value: 'virtual-staging', label: 'Home staging virtuel' },
  { value: 'sky-replacement', label: 'Remplacement du ciel' },
  { value: 'declutter', label: 'Désencombrement' },
  { value: 'room-refresh', label: 'Rénovation de pièce' },
  { value: 'enhance', label: 'Amélioration HDR' },
] as const;
export type TransformationType = (typeof TRANSFORMATION_TYPES)[number]['value'];
export const DEFAULT_TRANSFORMATION_TYPE: TransformationType = 'virtual-staging';

export const ROLES = [
  { value: 'org_owner', label: 'Propriétaire' },
  { value: 'org_admin', label: 'Administrateur' },
  { value: 'org_member', label: 'Membre' },
  { value: 'member', label: 'Membre' },
] as const;
export type Role = (typeof ROLES)[number]['value'];

/** Roles are compared case-insensitively (spec section 6). */
export function hasRole(roles: readonly string[] | undefined, ...wanted: Role[]): boolean {
  return (roles ?? []).some((role) => wanted.includes(role.toLowerCase() as Role));
}

export const PROJECT_TYPES = [
  { value: 'apartment', label: 'Appartement' },
  { value: 'house', label: 'Maison' },
  { value: 'office', label: 'Bureau' },
  { value: 'commercial', label: 'Local commercial' },
  { value: 'other', label: 'Autre' },
] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number]['value'];

export const UPLOAD_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 50_000_000,
  contentTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;
/**
 * Object tag of a raw upload: the presigned POST sets it, and the uploads bucket expires objects
 * still carrying it after a day. The workflow keeps its own untagged copy (the normalised
 * original), so raw uploads always expire. One definition for the API and the bucket rule.
 */
export const PENDING_UPLOAD_TAG = { key: 'upload-state', value: 'pending' } as const;
export type UploadContentType = (typeof UPLOAD_LIMITS.contentTypes)[number];

export const FIELD_LIMITS = {
  projectName: 100,
  projectDescription: 500,
  projectAddress: 255,
  projectType: 50,
  personName: 50,
  passwordMin: 8,
} as const;

export const UI_CONSTANTS = {
  bulkDownloadStaggerMs: 200,
  invitationRedirectMs: 1500,
  headerHideThresholdPx: 100,
  sliderStartPercent: 50,
} as const;

export const DEMO_ACCOUNT = {
  email: 'demo@example.com',
  password: 'Demo1234!',
  firstName: 'Camille',
  lastName: 'Martin',
  phoneNumber: '+33 6 12 34 56 78',
  organizationName: 'Agence Démo',
  credits: 100,
} as const;
