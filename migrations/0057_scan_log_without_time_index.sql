-- Decision 072: no count or screen reads the scan log by time alone any more (decision 070 moved
-- today's counts to running rows; the hour's alert digests read company by company through
-- scan_events_company_time_idx), so its index on time alone is dropped: about 22 bytes, and their
-- WAL, less for every scan. Dropping an index of the partitioned table drops each partition's.
-- The raw roll-up of a day before running counts began (roll_up_scan_days) reads that day's
-- partition without it, once. The drop takes every partition's lock for an instant; scans would
-- queue behind it while it waited for a long reader, so it gives up after 2 s instead (run the
-- migration again).
SET LOCAL lock_timeout = '2s';
--> statement-breakpoint
DROP INDEX "scan_events_time_idx";
