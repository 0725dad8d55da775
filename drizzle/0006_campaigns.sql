CREATE TABLE `campaign_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`node_ordinal` integer NOT NULL,
	`conversation_id` text,
	`path` text NOT NULL,
	`node_name` text NOT NULL,
	`diff` text NOT NULL,
	`edits` text NOT NULL,
	`summary` text,
	`checks` text NOT NULL,
	`checks_passed` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`edited` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_changes_node_unique` ON `campaign_changes` (`campaign_id`,`node_ordinal`);--> statement-breakpoint
CREATE INDEX `campaign_changes_path_index` ON `campaign_changes` (`campaign_id`,`path`,`node_ordinal`);--> statement-breakpoint
CREATE INDEX `campaign_changes_status_index` ON `campaign_changes` (`campaign_id`,`status`);--> statement-breakpoint
CREATE TABLE `campaign_files` (
	`campaign_id` text NOT NULL,
	`path` text NOT NULL,
	`sha256` text NOT NULL,
	`bytes` integer NOT NULL,
	`encoding` text,
	`skip_reason` text,
	PRIMARY KEY(`campaign_id`, `path`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `campaign_nodes` (
	`campaign_id` text NOT NULL,
	`ordinal` integer NOT NULL,
	`path` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`start_line` integer NOT NULL,
	`end_line` integer NOT NULL,
	`outline` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`skip_reason` text,
	`conversation_id` text,
	PRIMARY KEY(`campaign_id`, `ordinal`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `campaign_nodes_status_index` ON `campaign_nodes` (`campaign_id`,`status`,`ordinal`);--> statement-breakpoint
CREATE TABLE `campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`experiment_id` text NOT NULL,
	`agent_name` text NOT NULL,
	`variant_name` text NOT NULL,
	`repo_root` text NOT NULL,
	`git_commit` text,
	`config_hash` text NOT NULL,
	`settings` text NOT NULL,
	`extracted` integer DEFAULT false NOT NULL,
	`applied` text,
	`test_run` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaigns_experiment_unique` ON `campaigns` (`experiment_id`);--> statement-breakpoint
CREATE INDEX `campaigns_config_hash_index` ON `campaigns` (`config_hash`);--> statement-breakpoint
CREATE INDEX `campaigns_created_at_index` ON `campaigns` (`created_at`);