CREATE TABLE `agents` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`definition` text NOT NULL,
	`source_path` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agents_name_unique` ON `agents` (`name`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`experiment_id` text NOT NULL,
	`variant_index` integer NOT NULL,
	`variant_name` text NOT NULL,
	`slot` integer NOT NULL,
	`input_index` integer NOT NULL,
	`input` text NOT NULL,
	`outcome` text NOT NULL,
	`result` text,
	`final_text` text,
	`knowledge` text NOT NULL,
	`error` text,
	`model_call_count` integer NOT NULL,
	`model_response_count` integer NOT NULL,
	`tool_call_count` integer NOT NULL,
	`started_at` integer NOT NULL,
	`duration_ms` real NOT NULL,
	`workspace_diff` text,
	`changed_files` text,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_slot_unique` ON `conversations` (`experiment_id`,`variant_index`,`slot`);--> statement-breakpoint
CREATE INDEX `conversations_variant_outcome_index` ON `conversations` (`experiment_id`,`variant_index`,`outcome`,`model_response_count`);--> statement-breakpoint
CREATE INDEX `conversations_outcome_index` ON `conversations` (`experiment_id`,`outcome`);--> statement-breakpoint
CREATE TABLE `endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`base_url` text NOT NULL,
	`model` text NOT NULL,
	`api_key_env` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `endpoints_name_unique` ON `endpoints` (`name`);--> statement-breakpoint
CREATE TABLE `experiments` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_name` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`config` text NOT NULL,
	`config_hash` text NOT NULL,
	`simulated` integer NOT NULL,
	`total_conversations` integer NOT NULL,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `experiments_status_index` ON `experiments` (`status`);--> statement-breakpoint
CREATE INDEX `experiments_created_at_index` ON `experiments` (`created_at`);--> statement-breakpoint
CREATE INDEX `experiments_config_hash_index` ON `experiments` (`config_hash`);--> statement-breakpoint
CREATE INDEX `experiments_agent_name_index` ON `experiments` (`agent_name`,`created_at`);--> statement-breakpoint
CREATE TABLE `messages` (
	`conversation_id` text NOT NULL,
	`position` integer NOT NULL,
	`role` text NOT NULL,
	`content` text,
	`tool_calls` text,
	`tool_call_id` text,
	`name` text,
	PRIMARY KEY(`conversation_id`, `position`),
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `model_calls` (
	`id` integer PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`experiment_id` text NOT NULL,
	`variant_index` integer NOT NULL,
	`turn` integer NOT NULL,
	`message_positions` text NOT NULL,
	`request_params` text NOT NULL,
	`status` text NOT NULL,
	`response` text,
	`error` text,
	`attempts` integer NOT NULL,
	`latency_ms` real NOT NULL,
	`usage` text,
	`prompt_tokens` integer,
	`completion_tokens` integer,
	`parse_path` text,
	`parsed_calls` text NOT NULL,
	`calls` text NOT NULL,
	`call_count` integer NOT NULL,
	`all_valid` integer NOT NULL,
	`started_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `model_calls_metrics_index` ON `model_calls` (`experiment_id`,`variant_index`,`parse_path`,`status`,`call_count`,`all_valid`,`latency_ms`,`prompt_tokens`,`completion_tokens`);--> statement-breakpoint
CREATE INDEX `model_calls_conversation_index` ON `model_calls` (`conversation_id`,`turn`);--> statement-breakpoint
CREATE TABLE `prompt_variants` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`name` text NOT NULL,
	`system_prompt` text NOT NULL,
	`node_context` text,
	`version` integer NOT NULL,
	`parent_id` text,
	`note` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `prompt_variants`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prompt_variants_agent_name_version_unique` ON `prompt_variants` (`agent_id`,`name`,`version`);--> statement-breakpoint
CREATE INDEX `prompt_variants_parent_index` ON `prompt_variants` (`parent_id`);--> statement-breakpoint
CREATE TABLE `tool_executions` (
	`id` integer PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`experiment_id` text NOT NULL,
	`variant_index` integer NOT NULL,
	`turn` integer NOT NULL,
	`call_id` text NOT NULL,
	`tool_name` text NOT NULL,
	`arguments` text NOT NULL,
	`outcome` text NOT NULL,
	`result` text,
	`summary` text,
	`knowledge_delta` text,
	`error` text,
	`error_kind` text,
	`duration_ms` real NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tool_executions_conversation_index` ON `tool_executions` (`conversation_id`);--> statement-breakpoint
CREATE INDEX `tool_executions_error_index` ON `tool_executions` (`experiment_id`,`variant_index`,`error_kind`);