import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams } from './use-list-params.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Params = ReturnType<typeof useListParams>;

/** Mounts the hook on `/list?…` and hands back its latest value and the router's address. */
async function mount(search: string) {
  const seen: { current: Params | null } = { current: null };
  function Probe() {
    seen.current = useListParams();
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], {
    initialEntries: [`/list${search}`],
  });
  const container = document.createElement('div');
  await act(async () => createRoot(container).render(<RouterProvider router={router} />));
  return {
    hook: () => seen.current as Params,
    address: () => new URLSearchParams(router.state.location.search),
  };
}

describe('useListParams', () => {
  it('keeps both of two changes made before the address updates', async () => {
    const { hook, address } = await mount('?query=pau');
    await act(async () => {
      hook().setParam({ status: 'COMPLETED' });
      hook().setParam({ order: 'o-1' });
    });
    expect(address().get('status')).toBe('COMPLETED');
    expect(address().get('order')).toBe('o-1');
    expect(address().get('query')).toBe('pau');
  });

  it('a search that settles after a row was opened keeps the open row', async () => {
    const { hook, address } = await mount('?query=pau&status=COMPLETED');
    await act(async () => hook().setSearch(''));
    await act(async () => hook().setParam({ order: 'o-2' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(address().get('query')).toBeNull();
    expect(address().get('order')).toBe('o-2');
    expect(address().get('status')).toBe('COMPLETED');
  });
});
