ALTER TABLE "client_sessions" ADD COLUMN "video_link" text;--> statement-breakpoint
-- The schedule-appointment modal kept a video session's link in "location" until now: move the ones that are links.
UPDATE "client_sessions" SET "video_link" = "location", "location" = '' WHERE "location_kind" = 'video' AND "location" ~* '^https://[^[:space:]]+$';
