CREATE TABLE `call_scores` (
	`id` integer PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`experiment_id` text NOT NULL,
	`variant_index` integer NOT NULL,
	`expected_name` text,
	`called_name` text,
	`correct` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `call_scores_confusion_index` ON `call_scores` (`experiment_id`,`variant_index`,`expected_name`,`called_name`);--> statement-breakpoint
CREATE INDEX `call_scores_conversation_index` ON `call_scores` (`conversation_id`);--> statement-breakpoint
CREATE TABLE `dataset_cases` (
	`id` text PRIMARY KEY NOT NULL,
	`dataset_id` text NOT NULL,
	`position` integer NOT NULL,
	`case_key` text NOT NULL,
	`input` text NOT NULL,
	`expectation` text,
	`tools` text,
	`note` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dataset_cases_position_unique` ON `dataset_cases` (`dataset_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `dataset_cases_key_unique` ON `dataset_cases` (`dataset_id`,`case_key`);--> statement-breakpoint
CREATE TABLE `datasets` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`source_format` text NOT NULL,
	`source_file` text,
	`content_hash` text NOT NULL,
	`case_count` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `datasets_name_unique` ON `datasets` (`name`);--> statement-breakpoint
CREATE INDEX `datasets_content_hash_index` ON `datasets` (`content_hash`);--> statement-breakpoint
ALTER TABLE `conversations` ADD `case_id` text;--> statement-breakpoint
ALTER TABLE `conversations` ADD `verdict` text;--> statement-breakpoint
ALTER TABLE `conversations` ADD `expectation_kind` text;--> statement-breakpoint
ALTER TABLE `conversations` ADD `verdict_scored` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `call_correct` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `name_correct` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `arguments_correct` integer;--> statement-breakpoint
CREATE INDEX `conversations_accuracy_index` ON `conversations` (`experiment_id`,`variant_index`,`expectation_kind`,`verdict_scored`,`call_correct`,`name_correct`,`arguments_correct`);--> statement-breakpoint
CREATE INDEX `conversations_case_index` ON `conversations` (`experiment_id`,`case_id`);