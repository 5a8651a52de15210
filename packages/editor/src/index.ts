export * from './schema';
export * from './document';
export * from './save-machine';
export * from './block-ids';
export * from './paste';
export * from './naming';
export * from './provenance';
export * from './word-diff';
