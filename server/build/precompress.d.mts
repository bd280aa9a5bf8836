import type { BrotliOptions, ZlibOptions } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text, and the few binary formats that are not compressed already. */
export declare const COMPRESSIBLE: RegExp;
/** Brotli at its highest quality (11), for a file of `size` bytes. */
export declare function brotliOptions(size: number): BrotliOptions;
/** gzip at level 9. */
export declare const GZIP_OPTIONS: ZlibOptions;

export interface PrecompressedFile {
  /** relative to the folder, with forward slashes */
  file: string;
  size: number;
  /** bytes of the .br and .gz siblings; absent when compressing did not make the file smaller (no sibling written) */
  br?: number;
  gz?: number;
}

/** Writes `name.br` and `name.gz` beside every compressible file under `dir` (when smaller than the file). */
export declare function precompressDir(dir: string): Promise<PrecompressedFile[]>;

/** Vite plugin: precompresses the output folder once the bundle is written. */
export declare function precompress(): Plugin;
