import type { Input, Settings } from './settings.ts';

export interface EventStreamsConfig {
  /** Bounds of event streams (every `/events/stream` route). */
  readonly eventStreams: {
    readonly perCaller: number;
    readonly perInstance: number;
    readonly maxLifetimeSeconds: number;
    readonly bufferBytes: number;
    readonly stallSeconds: number;
  };
}

export const eventStreamsSettings: Settings<EventStreamsConfig> = {
  properties: {
    EVENT_STREAMS_PER_CALLER: {
      type: 'integer',
      minimum: 1,
      maximum: 100000,
      default: 20,
      description:
        'open event streams per caller (a person across their sessions, or an API key); 429 with `Retry-After` beyond',
    },
    EVENT_STREAMS_PER_INSTANCE: {
      type: 'integer',
      minimum: 1,
      maximum: 1000000,
      default: 2000,
      description: 'open event streams per instance; 429 with `Retry-After` beyond',
    },
    EVENT_STREAM_MAX_SECONDS: {
      type: 'integer',
      minimum: 1,
      maximum: 86400,
      default: 3600,
      description:
        'the longest an event stream stays open (the client reconnects with `Last-Event-ID`); a stream opened with an access token also ends at its `exp`',
    },
    EVENT_STREAM_BUFFER_BYTES: {
      type: 'integer',
      minimum: 65536,
      maximum: 67108864,
      default: 1048576,
      description:
        'what a stream may hold for a client that does not read; past it the connection is destroyed',
    },
    EVENT_STREAM_STALL_SECONDS: {
      type: 'integer',
      minimum: 1,
      maximum: 3600,
      default: 60,
      description: 'a stream whose client has taken nothing for this long is destroyed',
    },
  },
  read: (input: Input): EventStreamsConfig => ({
    eventStreams: {
      perCaller: input.EVENT_STREAMS_PER_CALLER as number,
      perInstance: input.EVENT_STREAMS_PER_INSTANCE as number,
      maxLifetimeSeconds: input.EVENT_STREAM_MAX_SECONDS as number,
      bufferBytes: input.EVENT_STREAM_BUFFER_BYTES as number,
      stallSeconds: input.EVENT_STREAM_STALL_SECONDS as number,
    },
  }),
};
