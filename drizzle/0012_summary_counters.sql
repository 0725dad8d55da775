CREATE TABLE `summary_counters` (
	`experiment_id` text NOT NULL,
	`scope` text NOT NULL,
	`variant_index` integer NOT NULL,
	`input_index` integer NOT NULL,
	`counts` text NOT NULL,
	PRIMARY KEY(`experiment_id`, `scope`, `variant_index`, `input_index`),
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `experiments` ADD `counters_ready` integer DEFAULT true NOT NULL;--> statement-breakpoint
-- Experiments stored before the counters existed are counted from their rows when first summarized.
UPDATE `experiments` SET `counters_ready` = false;
