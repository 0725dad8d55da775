ALTER TABLE `model_calls` ADD `raw_output` text;--> statement-breakpoint
ALTER TABLE `model_calls` ADD `tool_name_confidence` real;--> statement-breakpoint
ALTER TABLE `model_calls` ADD `tool_names` text;--> statement-breakpoint
ALTER TABLE `model_calls` ADD `lost_values` text;--> statement-breakpoint
CREATE INDEX `model_calls_confidence_index` ON `model_calls` (`experiment_id`,`variant_index`,`tool_name_confidence`);