CREATE TABLE `conversation_labels` (
	`conversation_id` text NOT NULL,
	`experiment_id` text NOT NULL,
	`label` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`conversation_id`, `label`),
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversation_labels_label_index` ON `conversation_labels` (`label`,`experiment_id`,`conversation_id`);--> statement-breakpoint
CREATE INDEX `conversation_labels_experiment_index` ON `conversation_labels` (`experiment_id`,`label`);--> statement-breakpoint
CREATE TABLE `conversation_notes` (
	`conversation_id` text PRIMARY KEY NOT NULL,
	`experiment_id` text NOT NULL,
	`note` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `search_documents` (
	`id` integer PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`experiment_id` text NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_documents_conversation_unique` ON `search_documents` (`conversation_id`);--> statement-breakpoint
CREATE INDEX `search_documents_experiment_index` ON `search_documents` (`experiment_id`,`id`);--> statement-breakpoint
ALTER TABLE `experiments` ADD `name` text;--> statement-breakpoint
ALTER TABLE `experiments` ADD `description` text;--> statement-breakpoint
ALTER TABLE `experiments` ADD `tags` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `model_calls_failed_index` ON `model_calls` (`conversation_id`) WHERE status = 'error';--> statement-breakpoint
CREATE INDEX `tool_executions_tool_index` ON `tool_executions` (`tool_name`,`experiment_id`,`conversation_id`);--> statement-breakpoint
CREATE INDEX `tool_executions_error_kind_index` ON `tool_executions` (`error_kind`,`conversation_id`) WHERE error_kind is not null;