// The row types (and value lists) that query functions return, for code above lib/db that must not
// reach the tables themselves (the panel: scripts/check-architecture.mjs).
export type {
  AgentRow,
  CampaignChangeRow,
  CampaignRow,
  DatasetRow,
  EndpointRow,
  ExperimentRow,
  PromptVariantRow,
} from './schema';
export { CAMPAIGN_CHANGE_STATUSES } from './schema';
