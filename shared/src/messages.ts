import { API_TEXTS } from './texts/api';
import { AUTH_TEXTS } from './texts/auth';
import { BILLING_SUCCESS_TEXTS } from './texts/billing-success';
import { COMMON_TEXTS } from './texts/common';
import { PROCESSING_TEXTS } from './texts/processing';
import { PROJECTS_TEXTS } from './texts/projects';
import { SETTINGS_TEXTS } from './texts/settings';
import { VALIDATION_TEXTS } from './texts/validation';
import { WIZARD_TEXTS } from './texts/wizard';

/**
 * The spec's messages by group, as code has always read them (`MESSAGES.api.*`,
 * `MESSAGES.processing.*`...). The texts live in the catalogue, `texts/` (one file per feature);
 * this only assembles it. New code may import the feature's object directly, which keeps
 * bundles to the texts they use.
 */
export const MESSAGES = {
  validation: VALIDATION_TEXTS,
  auth: AUTH_TEXTS,
  api: API_TEXTS,
  notFound: COMMON_TEXTS.notFound,
  wizard: WIZARD_TEXTS,
  projects: PROJECTS_TEXTS,
  processing: PROCESSING_TEXTS,
  settings: SETTINGS_TEXTS,
  billing: BILLING_SUCCESS_TEXTS,
} as const;
