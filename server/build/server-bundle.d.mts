export const serverBundle: string;
export const prepareBundle: string;
export function newestChange(entry: string): number;
export function serverBundleIsStale(): boolean;
export function buildServerBundle(): Promise<void>;
