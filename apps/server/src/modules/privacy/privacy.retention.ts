/** The daily sweep that pseudonymises past events' personal data for accounts that set a retention. */
export const PRIVACY_RETENTION_JOB = 'privacy.retention';
export const PRIVACY_RETENTION_EVERY_SECONDS = 24 * 3600;
