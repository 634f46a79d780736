ALTER TABLE "code_visitors" ADD COLUMN "last_counted_at" timestamp with time zone;--> statement-breakpoint
-- Visitors whose counted scan is still within the repeat window (10 minutes) keep it, so a scan
-- made just before this migration and repeated just after it stays a repeat. Older ones need none:
-- a scan after a NULL is never a repeat, as a scan after the window is not.
UPDATE code_visitors visitor SET last_counted_at = recent.last_counted_at
FROM (
  SELECT qr_code_id, visitor_hash, max(scanned_at) AS last_counted_at FROM scan_events
  WHERE counted AND qr_code_id IS NOT NULL AND scanned_at > now() - interval '10 minutes'
  GROUP BY qr_code_id, visitor_hash
) recent
WHERE visitor.code_id = recent.qr_code_id AND visitor.visitor_hash = recent.visitor_hash;
