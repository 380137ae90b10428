import { notifications } from '@mantine/notifications';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';

/** An upload's own reason (wrong type, too small…) rather than the generic "check the data". */
export function showUploadError(error: unknown) {
  const field = error instanceof ApiError ? (error.fields?.image ?? error.fields?.type) : undefined;
  notifications.show({ color: 'red', message: field ?? errorMessage(error) });
}
