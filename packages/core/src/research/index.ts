// Research (issue 15): what the host and the extension share. history.ts is exported from core's index on its own.
export * from './types';
export { readSearchResults, readVideoResults } from './serp';
export { browserSearch, DEFAULT_SEARCH_URL, DEFAULT_VIDEO_URL, searchAddress, type SearchUrls } from './search';
export { contentFingerprint, fingerprintDistance, NEAR_DUPLICATE_BITS, nearDuplicate, normaliseUrl, relevance, topicTerms } from './dedupe';
export { summariseUntrustedPage } from './read';
export { parseHtmlText } from './html';
