export * from './constants';
export * from './format';
export * from './messages';
export * from './plans';
export * from './schemas';
export * from './types';
