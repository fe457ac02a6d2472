/**
 * Total limit of a box transfer: as long as timers allow (about 24.8 days), since a large box may take
 * hours; the idle guard is what catches a stalled transfer.
 */
export const TRANSFER_TOTAL_LIMIT = 2_147_483_647;
