-- Values computed once from a finished experiment's rows (summary, latency histogram, counted
-- comparisons), kept across panel starts; keyed by the state they were computed from.
CREATE TABLE `experiment_snapshots` (
	`experiment_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`finished_at` integer,
	`conversations` integer NOT NULL,
	`value_json` text NOT NULL,
	PRIMARY KEY(`experiment_id`, `kind`),
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE cascade
);
