export * from './dates.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './pagination.ts';
// Types only: the public shapes' zod schemas (schemas/public.ts) stay out of the pages that import this.
export type * from './schemas/public.ts';
