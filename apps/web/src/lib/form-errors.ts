import { notifications } from '@mantine/notifications';
import { ApiError } from './api-client.ts';
import { errorMessage } from './error-message.ts';

type FormLike = { setErrors: (errors: Record<string, string>) => void };

/** Shows a failed submit: per-field server messages on the form, the general message as a notification. */
export function showSubmitError(error: unknown, form?: FormLike): void {
  if (form && error instanceof ApiError && error.fields) form.setErrors(error.fields);
  notifications.show({ color: 'red', message: errorMessage(error) });
}
