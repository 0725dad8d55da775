-- The full-text index of transcripts (FTS5; see search_documents in lib/db/schema.ts). One document
-- per conversation, its rowid the search_documents id. Contentless: the text lives in the
-- conversation's own rows, the index keeps only what it needs to answer (and to delete a document).
-- Columns: input (user messages, the input's file and node), answers (what the model wrote, the
-- final answer and errors), calls (tool names and arguments), results (what the tools returned),
-- and experiment: the experiment id in hex, one token, so that a search in one experiment is one
-- full-text query whose matches the index counts by itself (lib/db/queries/search-text.ts).
-- The system prompt is left out: it is the same in every conversation of a variant.
CREATE VIRTUAL TABLE `conversation_text` USING fts5(input, answers, calls, results, experiment, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
-- A row in search_documents is written last, after the conversation's messages, model calls and
-- tool executions (lib/db/conversation-insert.ts), so the document is built from all of them.
-- json_valid guards keep an odd stored response from failing the conversation's whole write.
CREATE TRIGGER `search_documents_after_insert` AFTER INSERT ON `search_documents` BEGIN
  INSERT INTO conversation_text (rowid, input, answers, calls, results, experiment)
  SELECT new.id,
    concat_ws(char(10),
      (SELECT group_concat(m.content, char(10)) FROM messages m WHERE m.conversation_id = new.conversation_id AND m.role = 'user'),
      CASE WHEN json_valid(c.input) THEN json_extract(c.input, '$.file_path') END,
      CASE WHEN json_valid(c.input) THEN json_extract(c.input, '$.node_name') END),
    concat_ws(char(10),
      (SELECT group_concat(coalesce(CASE WHEN json_valid(mc.response) THEN json_extract(mc.response, '$.choices[0].message.content') END, mc.error), char(10))
        FROM model_calls mc WHERE mc.conversation_id = new.conversation_id),
      c.final_text,
      c.error),
    (SELECT group_concat(t.tool_name || ' ' || t.arguments, char(10)) FROM tool_executions t WHERE t.conversation_id = new.conversation_id),
    (SELECT group_concat(m.content, char(10)) FROM messages m WHERE m.conversation_id = new.conversation_id AND m.role = 'tool'),
    hex(new.experiment_id)
  FROM conversations c WHERE c.id = new.conversation_id;
END;
--> statement-breakpoint
-- Deleting a conversation cascades to its search_documents row, and this removes its document.
CREATE TRIGGER `search_documents_after_delete` AFTER DELETE ON `search_documents` BEGIN
  DELETE FROM conversation_text WHERE rowid = old.id;
END;
--> statement-breakpoint
-- Conversations stored before this migration get their documents now, oldest first.
INSERT INTO `search_documents` (`conversation_id`, `experiment_id`) SELECT `id`, `experiment_id` FROM `conversations` c WHERE NOT EXISTS (SELECT 1 FROM `search_documents` d WHERE d.`conversation_id` = c.`id`) ORDER BY `started_at`, c.`rowid`;
