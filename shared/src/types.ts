/** Entities as the API returns them (spec section 3). */
import type { ErrorCode } from './api-errors';
import type { Role, TransformationType } from './constants';

export interface Price {
  id: string;
  name: string;
  description: string;
  amount: number;
  currency: string;
  interval: 'month' | 'year';
  stripePriceId: string | null;
  features: string[];
  /** Credits granted each billing period. */
  credits: number;
  is_organization: boolean;
}

export interface Subscription {
  status: string;
  currentPeriodEnd: string | null;
  price: Price | null;
}

export interface Organization {
  id: string;
  name: string;
  stripeCustomerId: string | null;
  creditBalance: number;
  subscription: Subscription | null;
}

export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  roles: Role[];
  organizationId: string | null;
  organization: Organization | null;
  subscription: Subscription | null;
  createdAt: string;
  updatedAt: string;
}

export interface Project {
  id: string;
  name: string;
  description: string;
  address: string;
  size: number | null;
  type: string | null;
  createdAt: string;
  updatedAt: string;
  userId: string;
  organizationId: string;
  imageCount?: number;
  thumbnailUrl?: string | null;
}

export type ImageStatus = 'uploaded' | 'processing' | 'staged' | 'failed';

export interface Image {
  id: string;
  name: string;
  status: ImageStatus;
  projectId: string | null;
  originalFilePath: string;
  transformedFilePath: string | null;
  type: TransformationType;
  transformationId: string;
  createdAt: string;
  updatedAt: string;
  originalSignedUrl: string | null;
  transformedSignedUrl: string | null;
  url: string | null;
}

export interface Invitation {
  id: string;
  email: string;
  status: 'pending' | 'accepted' | 'revoked' | 'expired';
  createdAt: string;
  organizationId: string;
  organization: { name: string };
}

export type TransformationStatus = 'queued' | 'processing' | 'succeeded' | 'failed';

export interface TransformationOptions {
  style?: string;
  roomType?: string;
  changeFloor?: boolean;
  repaintWalls?: boolean;
  sky_type?: string;
}

export interface Transformation {
  id: string;
  type: TransformationType;
  options: TransformationOptions;
  status: TransformationStatus;
  /** The validated original; absent until the image passed validation (never the raw upload). */
  originalUrl?: string;
  resultUrl?: string;
  message?: string;
  /** Why it failed, when it did: clients decide by this code, never by the message. */
  code?: ErrorCode;
  /** True when a local simulator produced the result instead of a hosted model. */
  simulated?: boolean;
  creditBalance: number;
}

/** Served at /config.json: one web build for every stage (architecture decision 3). */
export interface RuntimeConfig {
  apiBase: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Set locally to point Amplify at the Cognito emulator. */
  userPoolEndpoint?: string;
  authFlow: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
  mode: 'local' | 'aws';
  demoBookingUrl: string;
}
