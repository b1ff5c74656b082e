/**
 * The catalogue of every French text of Vitrine (web app, API answers, e-mails), one file per
 * feature, readable end to end by a translator. Code outside this folder holds no French text
 * (catalogue.test.ts checks it). Each file exports one `as const` object.
 */
export * from './api';
export * from './api-keys';
export * from './webhooks';
export * from './auth';
export * from './billing';
export * from './billing-api';
export * from './billing-success';
export * from './collections';
export * from './common';
export * from './dashboard';
export * from './emails';
export * from './galleries';
export * from './invitation';
export * from './labels';
export * from './landing';
export * from './legal';
export * from './organizations';
export * from './plans';
export * from './pricing';
export * from './processing';
export * from './projects';
export * from './public-site';
export * from './settings';
export * from './team-api';
export * from './validation';
export * from './wizard';
export * from './disclosure';
export * from './shares-api';
export * from './shares';
