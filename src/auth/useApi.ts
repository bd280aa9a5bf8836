// The API's action call (POST /api/v1/…) for the account and public screens: the admin's
// dataProvider.request, or the public app's (src/public/kit.ts).
export { useApi } from '../public/kit';
