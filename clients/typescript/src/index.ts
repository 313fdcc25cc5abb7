export { bodyOf, createPlatformClient, type PlatformClient, type PlatformClientOptions } from './client.ts';
export { apiKey, type Credential, PasswordLogin, type PasswordLoginOptions } from './credentials.ts';
export { type EvaluateOptions, type Evaluation, type EvaluationRequest, evaluate } from './evaluations.ts';
export {
  type FileDownload,
  type FileUpload,
  type PlatformFile,
  type PlatformFiles,
  type PlatformFilesOptions,
  platformFiles,
  type UploadBody,
} from './files.ts';
export type { components, operations, paths } from './generated/schema.ts';
export { type ListPage, paginate } from './paginate.ts';
export { ApiError, isProblem, type ProblemCode, type ProblemField } from './problem.ts';
export { type FollowOptions, followRun, type Reply, type RunStreamEvent, sendMessage } from './threads.ts';
export { runWorker, type Worker, type WorkerOptions } from './worker.ts';
export {
  type ClaimedRun,
  RetryableError,
  RunCancelledError,
  type RunContext,
  type RunHandler,
  type RunLog,
  type RunOutput,
  type TaskHandlers,
  type WorkerLogger,
} from './worker-types.ts';
