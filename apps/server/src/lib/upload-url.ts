/** Where uploaded images are served from (images stores them; organizers and events show their URLs). */
export const UPLOADS_PREFIX = '/uploads/';

/** The public URL of one stored image variant. */
export const uploadUrl = (variantPath: string) => `${UPLOADS_PREFIX}${variantPath}`;
