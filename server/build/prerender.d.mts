import type { Plugin } from 'vite';

export declare const PRERENDERED_FILE: string;

/** A prerendered page: its screen's markup and the CSS of its styles. */
export interface PrerenderedPage {
  html: string;
  css: string;
  /**
   * The styles' emotion ids, for a page the admin app renders over (a frame): the CSS then goes in
   * emotion's server form, which the app's emotion cache takes as inserted; without them, in a style
   * the public app removes once it has rendered.
   */
  ids?: string[];
  /** a frame's `<Global>` rules (CssBaseline's), each in a style of its own the component takes over as it mounts */
  globals?: { id: string; css: string }[];
}

/** The build's prerendered pages, by path (a frame: by path and device, src/public/pagePaths.ts's frameKey). */
export type PrerenderedPages = Record<string, PrerenderedPage>;

export declare function prerenderPages(options: { modules: string[] }): Plugin;
