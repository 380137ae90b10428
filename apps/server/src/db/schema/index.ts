export * from './accounts.ts';
export * from './check-in.ts';
export * from './events.ts';
export * from './jobs.ts';
export * from './messages.ts';
export * from './orders.ts';
export * from './selling.ts';
