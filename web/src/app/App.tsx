import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AuthProvider } from '../features/auth/components/AuthProvider';
import { createQueryClient } from '../lib/query-client';
import { appRoutes } from './routes';

const queryClient = createQueryClient();
const router = createBrowserRouter(appRoutes(queryClient));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
