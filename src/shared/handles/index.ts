/** Typed job handles (spec §2.11, §7.2). */
export * from './errors';
export * from './handle';
export * from './constructors';
