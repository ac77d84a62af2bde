// tldts's own minified ES build (the package lists no exports, so the path is public): a third the
// size of its unminified module build in the Worker's upload (docs/decisions/0119). Same API.
declare module "tldts/dist/index.esm.min.js" {
  export * from "tldts";
}
