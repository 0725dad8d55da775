ALTER TABLE `endpoints` ADD `first_byte_timeout_ms` integer;--> statement-breakpoint
ALTER TABLE `endpoints` ADD `idle_timeout_ms` integer;--> statement-breakpoint
ALTER TABLE `endpoints` ADD `total_timeout_ms` integer;--> statement-breakpoint
ALTER TABLE `endpoints` ADD `input_price_per_million` real;--> statement-breakpoint
ALTER TABLE `endpoints` ADD `output_price_per_million` real;