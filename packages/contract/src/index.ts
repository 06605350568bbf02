export * from './auth';
export * from './constants';
export * from './errors';
export * from './health';
export * from './messages';
export * from './payments';
export * from './user';
