-- The repeat check reads code_visitors.last_counted_at (migration 0028): nothing reads this index of
-- the scan log any more, and every scan paid to keep it.
DROP INDEX "scan_events_code_visitor_time_idx";
