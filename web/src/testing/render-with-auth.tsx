import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthProvider } from '../features/auth/components/AuthProvider';
import { resetIdentityForTests } from '../lib/auth/identity';
import { storeSession } from './render-app';
import { testQueryClient } from './test-utils';

/**
 * One element (a feature's self-contained panel) at a path, with the auth provider as renderApp
 * sets it up, but outside the app's route table: for panels another screen mounts.
 */
export function renderWithAuth(element: ReactElement, { path = '/', signedIn = false } = {}) {
  resetIdentityForTests();
  storeSession(signedIn);
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, router };
}
