import type { ErrorItem } from '../../engine/core/error-items.ts';

/** A failure with the status and the error items the client is to see. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly items: ErrorItem[],
  ) {
    super(items[0]?.ErrorMessage ?? `HTTP ${statusCode}`);
  }

  static of(statusCode: number, ErrorMessage: string, PropertyName: string | null = null, ErrorCode: string | number = statusCode): HttpError {
    return new HttpError(statusCode, [{ PropertyName, ErrorMessage, ErrorCode }]);
  }
}
