import { Trans } from '@lingui/react/macro';
import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { data, isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** The error element of every route (spec §2): not-found for 404, a generic message otherwise. */
export function ErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && error) console.error(error);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1} c="blue">
          Taquilla
        </Title>
        {notFound ? (
          <>
            <Title order={2}>
              <Trans>Página no encontrada</Trans>
            </Title>
            <Text c="dimmed">
              <Trans>La página que buscas no existe o se ha movido.</Trans>
            </Text>
          </>
        ) : (
          <>
            <Title order={2}>
              <Trans>Algo ha ido mal</Trans>
            </Title>
            <Text c="dimmed">
              <Trans>Se ha producido un error inesperado al cargar la página. Inténtalo de nuevo.</Trans>
            </Text>
          </>
        )}
        <Text>
          <Trans>
            Volver a la{' '}
            <Anchor component={Link} to="/">
              página de inicio
            </Anchor>
          </Trans>
        </Text>
      </Stack>
    </Center>
  );
}

/** Loader of the catch-all route: unknown addresses render the 404 page. */
export function notFoundLoader(): never {
  throw data('Not Found', { status: 404 });
}
