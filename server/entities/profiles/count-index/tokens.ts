// The search part of the profile index: the token base (token-base.ts: sorted tokens, their rows,
// the n-gram index that finds a term's tokens) and the index as rows change (search.ts).
export { denseTokens, TokenIndex } from './token-base';
export { SearchIndex } from './search';
