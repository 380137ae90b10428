import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_LANDING, getToken } from '../lib/api-client.ts';
import { useCurrentUser } from '../lib/current-user.ts';

/** `/`: checks the current user; goes to /manage/events on success and /auth/login on failure. */
export function RootRedirect() {
  const navigate = useNavigate();
  const hasToken = Boolean(getToken());
  const me = useCurrentUser(hasToken);
  useEffect(() => {
    if (!hasToken || me.isError) navigate('/auth/login', { replace: true });
    else if (me.isSuccess) navigate(DEFAULT_LANDING, { replace: true });
  }, [hasToken, me.isError, me.isSuccess, navigate]);
  return (
    <Center mih="100vh">
      <Loader />
    </Center>
  );
}
