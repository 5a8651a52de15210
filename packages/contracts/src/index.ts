export * from './constants';
export * from './errors';
export * from './system';
export * from './tenants';
export * from './files';
export * from './versions';
export * from './ai';
export * from './voice';
