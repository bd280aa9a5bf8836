// Step one of the admin app's evaluation (src/adminSteps/loadAdmin.ts): the router and react-query.
export { createBrowserRouter, RouterProvider } from 'react-router-dom';
export { QueryClient, QueryClientProvider } from '@tanstack/react-query';
