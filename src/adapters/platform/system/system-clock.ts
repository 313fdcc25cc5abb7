import type { Clock } from '../../../application/kernel/ports/clock.ts';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
