export const serverBundle: string;
export const prepareBundle: string;
/** What the bundle is made of: a change to any of them (files or folders) makes `npm start` build it again. */
export const sources: string[];
export function newestChange(entry: string): number;
export function serverBundleIsStale(): boolean;
export function buildServerBundle(): Promise<void>;
