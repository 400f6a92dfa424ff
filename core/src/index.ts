export * from './types.ts';
export * from './measure.ts';
export * from './validate.ts';
export * from './colors.ts';
export * from './geometry.ts';
