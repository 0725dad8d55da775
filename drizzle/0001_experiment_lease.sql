ALTER TABLE `experiments` ADD `runner_id` text;--> statement-breakpoint
ALTER TABLE `experiments` ADD `heartbeat_at` integer;