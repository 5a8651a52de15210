export * from './schema';
export * from './document';
