/**
 * Node's `http` module, taken as CommonJS exports. `import ... from 'node:http'` builds an ES module facade
 * that reads every export, and `http.WebSocket`, `CloseEvent` and `MessageEvent` are getters that load Node's
 * fetch (undici): some 17 MB of resident memory, at start, in a server that may never fetch anything.
 * Type-only imports from 'node:http' cost nothing and stay as they are.
 */
export const nodeHttp = process.getBuiltinModule('node:http');
