import { Alert, Center, Loader } from '@mantine/core';
import { errorMessage } from '../lib/error-message.ts';

/** A section's data is on its way. */
export function PageLoader() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

/** A section's data could not be loaded: the translated reason. */
export function PageError({ error }: { error: unknown }) {
  return <Alert color="red">{errorMessage(error)}</Alert>;
}
