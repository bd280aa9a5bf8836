// Step three (src/adminSteps/loadAdmin.ts): react-admin's Material UI half — its themes and contexts.
export { AdminContext } from 'react-admin';
