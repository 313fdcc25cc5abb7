// What later areas use of the models area's adapters: they import it from here only (`make layers`).
export { modelProvider, presentModelProvider } from './http/model-provider-http.ts';
export { modelTables } from './memory/model-tables.ts';
