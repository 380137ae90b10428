import { notifications } from '@mantine/notifications';
import { ApiError } from './api-client.ts';
import { errorMessage } from './error-message.ts';

type FormLike = { setErrors: (errors: Record<string, string>) => void };

type SubmitErrorOptions = {
  prefix?: string;
  /** A body field shown under another form field: `{ amount_cents: 'amount' }` (as in schemaValidate). */
  fields?: Record<string, string>;
};

/** Shows a failed submit: per-field server messages on the form, the general message as a notification. */
export function showSubmitError(error: unknown, form?: FormLike, opts: SubmitErrorOptions = {}): void {
  if (form && error instanceof ApiError && error.fields) {
    // The server names nested fields in full ("colors.primary"); the form may hold only the leaf.
    const { prefix, fields: renamed = {} } = opts;
    const named = Object.fromEntries(
      Object.entries(error.fields).map(([k, v]) => {
        const top = k.split('.')[0] ?? k;
        const field = renamed[top];
        return [field ? field + k.slice(top.length) : k, v];
      }),
    );
    const fields = prefix
      ? Object.fromEntries(
          Object.entries(named).map(([k, v]) => [k.startsWith(prefix) ? k.slice(prefix.length) : k, v]),
        )
      : named;
    form.setErrors(fields);
  }
  notifications.show({ color: 'red', message: errorMessage(error) });
}
