import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../testing/test-utils';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

const render = (dirty: boolean) =>
  renderRoutes(
    [
      {
        path: '/edit',
        element: (
          <>
            <UnsavedChangesGuard when={dirty} />
            <Link to="/elsewhere">Elsewhere</Link>
          </>
        ),
      },
      { path: '/elsewhere', element: <p>elsewhere</p> },
    ],
    '/edit',
  );

const unload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event;
};

describe('UnsavedChangesGuard', () => {
  it('asks before an in-app navigation and before unloading while there are changes', async () => {
    const { router } = render(true);
    expect(unload().defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/edit');
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave and discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('lets everything through without changes', async () => {
    const { router } = render(false);
    expect(unload().defaultPrevented).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
