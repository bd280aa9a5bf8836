// node-polyglot (react-admin's translations) asks for the `object.entries` polyfill, which brings
// a dozen small packages (get-intrinsic, call-bind…) into the first script; every browser the
// app supports has Object.entries (vite.config.ts points the package here).
module.exports = Object.entries;
