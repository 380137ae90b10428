import { notifications } from '@mantine/notifications';
import { ApiError } from './api-client.ts';
import { errorMessage } from './error-message.ts';

type FormLike = { setErrors: (errors: Record<string, string>) => void };

/** Shows a failed submit: per-field server messages on the form, the general message as a notification. */
export function showSubmitError(error: unknown, form?: FormLike, opts: { prefix?: string } = {}): void {
  if (form && error instanceof ApiError && error.fields) {
    // The server names nested fields in full ("colors.primary"); the form may hold only the leaf.
    const { prefix } = opts;
    const fields = prefix
      ? Object.fromEntries(
          Object.entries(error.fields).map(([k, v]) => [
            k.startsWith(prefix) ? k.slice(prefix.length) : k,
            v,
          ]),
        )
      : error.fields;
    form.setErrors(fields);
  }
  notifications.show({ color: 'red', message: errorMessage(error) });
}
