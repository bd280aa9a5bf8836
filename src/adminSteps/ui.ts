// Step five (src/adminSteps/loadAdmin.ts): react-admin's Material UI layout — the admin's frame.
export { AdminUI } from 'react-admin';
