import { BrowserRouter } from 'react-router';
import { queryClient } from '../lib/queryClient';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './routes';

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
