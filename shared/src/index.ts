export * from './constants';
export * from './format';
export * from './messages';
export * from './plans';
export * from './reset-token';
export * from './schemas';
export * from './transformations';
export * from './types';
