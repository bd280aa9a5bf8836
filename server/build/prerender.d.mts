import type { Plugin } from 'vite';

export declare const PRERENDERED_FILE: string;

/** A prerendered page: its screen's markup and the CSS of its styles. */
export interface PrerenderedPage {
  html: string;
  css: string;
}

/** The build's prerendered pages, by path. */
export type PrerenderedPages = Record<string, PrerenderedPage>;

export declare function prerenderPages(options: { module: string }): Plugin;
