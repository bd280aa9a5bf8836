// Step two (src/adminSteps/loadAdmin.ts): react-admin's core — its contexts, store, i18n and routes.
export { CoreAdminContext, CoreAdminUI } from 'react-admin';
