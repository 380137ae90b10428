export * from './accounts.ts';
export * from './check-in.ts';
export * from './events.ts';
export * from './jobs.ts';
export * from './orders.ts';
export * from './payment-settings.ts';
export * from './selling.ts';
export * from './widget.ts';
