// What later areas use of the knowledge area's adapters: they import it from here only (`make layers`).

export { presentKnowledgeBase } from './http/knowledge-presenters.ts';
