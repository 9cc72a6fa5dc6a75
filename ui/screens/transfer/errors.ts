import { toErrorList, type ErrorItem } from '../../../engine/core/error-items.ts';
import { ApiError } from '../../api/client.ts';

/** A failed call's error items (an ApiError's list, or the message of anything else). */
export const itemsOf = (error: unknown): ErrorItem[] => (error instanceof ApiError ? error.items : toErrorList(error instanceof Error ? error.message : String(error)));
