import type { Plugin } from 'vite';

/** MUI's Tooltip.mjs with its child element in a ref (no state set from its ref callback as it mounts). */
export declare function quietTooltip(code: string, file?: string): string;
/** MUI's useAutocomplete.mjs with its anchor element in a ref. */
export declare function quietAutocomplete(code: string, file?: string): string;
/** react-admin's useConfigureAdminRouterFromChildren.js keeping its routes when its children gave the same ones. */
export declare function quietAdminRoutes(code: string, file?: string): string;
/** The modules patched, by the end of their path. */
export declare const QUIET_MODULES: Record<string, (code: string, file?: string) => string>;
/** Vite plugin: applies the patches as the modules are loaded. */
export declare function quietMount(): Plugin;
