-- The optional model judge: its prompts, versioned like prompt variants, and its verdicts per
-- conversation (pass, fail, or error: a reply that was not a verdict counts as neither).
CREATE TABLE `judge_prompts` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`version` integer NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `judge_prompts_name_version_unique` ON `judge_prompts` (`name`,`version`);--> statement-breakpoint
CREATE TABLE `judge_verdicts` (
	`conversation_id` text NOT NULL,
	`experiment_id` text NOT NULL,
	`variant_index` integer NOT NULL,
	`input_index` integer NOT NULL,
	`prompt_id` text NOT NULL,
	`model` text NOT NULL,
	`outcome` text NOT NULL,
	`reason` text NOT NULL,
	`run_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`prompt_id`) REFERENCES `judge_prompts`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `judge_verdicts_run_conversation_unique` ON `judge_verdicts` (`run_id`,`conversation_id`);--> statement-breakpoint
CREATE INDEX `judge_verdicts_experiment_index` ON `judge_verdicts` (`experiment_id`,`run_id`,`variant_index`,`input_index`,`outcome`);--> statement-breakpoint
CREATE INDEX `judge_verdicts_conversation_index` ON `judge_verdicts` (`conversation_id`,`created_at`);--> statement-breakpoint
-- The counters now also count the experiment's own check (customJudged, customSuccesses): an
-- experiment judged by one before is counted again from its rows when next summarized.
UPDATE `experiments` SET `counters_ready` = false
  WHERE `id` IN (SELECT DISTINCT `experiment_id` FROM `conversations` WHERE `custom_check_success` IS NOT NULL);
