declare const WAYFINDER_VERSION: string | undefined;

/** Set by the build (apps/host/build.ts) from package.json; "dev" when run from source. */
export const VERSION = typeof WAYFINDER_VERSION === 'string' ? WAYFINDER_VERSION : 'dev';
