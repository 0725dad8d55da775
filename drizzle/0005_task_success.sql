DROP INDEX `conversations_variant_outcome_index`;--> statement-breakpoint
ALTER TABLE `conversations` ADD `task_success` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `task_check` text;--> statement-breakpoint
CREATE INDEX `conversations_variant_outcome_index` ON `conversations` (`experiment_id`,`variant_index`,`outcome`,`model_response_count`,`task_success`);