import { z } from 'zod';
import { DESCRIPTIONS } from './descriptions';

/**
 * A timezone-aware datetime in the model: ISO 8601 with `Z` or a numeric offset.
 * A datetime without a zone is rejected (spec §2.10: "timezone-aware datetime").
 */
export const datetimeSchema = z.iso
  .datetime({
    offset: true,
    message: 'expected a timezone-aware ISO 8601 datetime (with Z or ±hh:mm)',
  })
  .meta({ description: DESCRIPTIONS.datetime });
